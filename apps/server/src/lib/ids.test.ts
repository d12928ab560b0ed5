import { describe, expect, it } from "vitest";
import { newId } from "./ids.ts";

describe("newId", () => {
  it("makes version 7 UUIDs that start with their creation time in milliseconds", () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const made = Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);
    expect(made).toBeGreaterThanOrEqual(before);
    expect(made).toBeLessThanOrEqual(after);
  });

  it("sorts ids in the order they were made, also within one millisecond", () => {
    const ids = Array.from({ length: 5_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
