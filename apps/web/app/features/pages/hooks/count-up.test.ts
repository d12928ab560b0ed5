import { describe, expect, it } from "vitest";
import { countUpValue, easeOutCubic } from "./count-up";

describe("count-up easing", () => {
  it("starts at 0, ends at the target and never overshoots", () => {
    expect(countUpValue(25, 0, 1200)).toBe(0);
    expect(countUpValue(25, 1200, 1200)).toBe(25);
    expect(countUpValue(25, 5000, 1200)).toBe(25);
    for (let t = 0; t <= 1200; t += 100) expect(countUpValue(15, t, 1200)).toBeLessThanOrEqual(15);
  });

  it("eases out: more than half of the distance is covered in the first quarter of the time", () => {
    expect(easeOutCubic(0.25)).toBeGreaterThan(0.5);
    expect(countUpValue(100, 300, 1200)).toBeGreaterThan(50);
  });

  it("keeps the requested decimals and shows the target at once when there is no duration", () => {
    expect(countUpValue(6.3, 600, 1200, 1)).toBe(5.5);
    expect(countUpValue(7, 0, 0)).toBe(7);
  });
});
