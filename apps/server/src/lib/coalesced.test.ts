import { describe, expect, it } from "vitest";
import { coalesced } from "./coalesced.ts";

describe("coalesced", () => {
  it("makes one call for the keys asked for in one turn, and answers each caller its own value", async () => {
    const calls: number[][] = [];
    const double = coalesced(async (keys: number[]) => {
      calls.push(keys);
      return keys.map((key) => key * 2);
    });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(await double(4)).toBe(8);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it("fails every caller of a failed call, and only them", async () => {
    let fail = true;
    const echo = coalesced(async (keys: string[]) => {
      if (fail) throw new Error("the database went away");
      return keys;
    });
    const answers = await Promise.allSettled([echo("a"), echo("b")]);
    expect(answers.map((a) => (a.status === "rejected" ? (a.reason as Error).message : a.value))).toEqual(["the database went away", "the database went away"]);
    fail = false;
    expect(await echo("c")).toBe("c");
  });

  it("refuses a caller the call gave no value for", async () => {
    const short = coalesced(async (keys: number[]) => keys.slice(1));
    const answers = await Promise.allSettled([short(1), short(2)]);
    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "rejected"]);
  });

  it("starts a call as soon as it holds its most keys", async () => {
    const calls: number[][] = [];
    const same = coalesced(async (keys: number[]) => {
      calls.push(keys);
      return keys;
    }, 2);
    expect(await Promise.all([same(1), same(2), same(3)])).toEqual([1, 2, 3]);
    expect(calls).toEqual([[1, 2], [3]]);
  });
});
