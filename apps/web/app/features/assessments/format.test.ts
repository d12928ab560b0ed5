import { describe, expect, it } from "vitest";
import { describeAnswer, formatNumber, formatRemaining, toleranceNote } from "./format";

const single = {
  type: "single" as const,
  unit: null,
  options: [
    { id: "o1", text: "First" },
    { id: "o2", text: "Second" },
    { id: "o3", text: "Third" },
  ],
};

describe("answers in words", () => {
  it("names the chosen options, in the order shown", () => {
    expect(describeAnswer(single, "o2")).toEqual(["Second"]);
    expect(describeAnswer({ ...single, type: "multiple" }, ["o3", "o1"])).toEqual(["First", "Third"]);
  });

  it("says True or False, and writes numbers with their unit", () => {
    expect(describeAnswer({ type: "truefalse", unit: null, options: [] }, false)).toEqual(["False"]);
    expect(describeAnswer({ type: "numeric", unit: "$", options: [] }, 77.6)).toEqual(["$77.60"]);
    expect(describeAnswer({ type: "numeric", unit: "%", options: [] }, 4.4)).toEqual(["4.4 %"]);
    expect(describeAnswer({ type: "numeric", unit: null, options: [] }, 1250)).toEqual(["1,250"]);
  });

  it("gives nothing for an unanswered question", () => {
    expect(describeAnswer(single, null)).toEqual([]);
  });
});

describe("numbers and time", () => {
  it("formats units and tolerances", () => {
    expect(formatNumber(-5, "$")).toBe("-$5");
    expect(formatNumber(12, "tonnes")).toBe("12 tonnes");
    expect(toleranceNote(0.01, "$")).toBe("answers within ± $0.01 count");
    expect(toleranceNote(0, "$")).toBeNull();
    expect(toleranceNote(null, null)).toBeNull();
  });

  it("counts down in minutes and seconds, hours when there are any", () => {
    expect(formatRemaining(65_000)).toBe("1:05");
    expect(formatRemaining(2 * 3600_000 + 5_000)).toBe("2:00:05");
    expect(formatRemaining(-10)).toBe("0:00");
    expect(formatRemaining(400)).toBe("0:01");
  });
});
