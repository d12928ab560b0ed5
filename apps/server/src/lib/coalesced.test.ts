import { describe, expect, it } from "vitest";
import { coalesced, coalescedApart } from "./coalesced.ts";

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

describe("coalescedApart", () => {
  it("runs a key once in a run: a second call with it goes to the next run, after the first", async () => {
    const runs: string[][] = [];
    const write = coalescedApart(
      async (calls: { learner: string; lesson: number }[]) => {
        runs.push(calls.map((c) => `${c.learner}${c.lesson}`));
        return calls.map((c) => ({ value: c.lesson }));
      },
      (call) => call.learner,
    );
    const answers = await Promise.all([write({ learner: "a", lesson: 1 }), write({ learner: "b", lesson: 1 }), write({ learner: "a", lesson: 2 })]);
    expect(answers).toEqual([1, 1, 2]);
    expect(runs).toEqual([["a1", "b1"], ["a2"]]);
  });

  it("answers each call its own outcome, an error to its caller alone", async () => {
    const check = coalescedApart(async (calls: number[]) => calls.map((n) => (n < 0 ? { error: new Error(`${n} is negative`) } : { value: n })), String);
    const answers = await Promise.allSettled([check(1), check(-2), check(3)]);
    expect(answers.map((a) => (a.status === "rejected" ? (a.reason as Error).message : a.value))).toEqual([1, "-2 is negative", 3]);
  });

  it("makes each call of a failed run again alone, so only the one that fails is answered its failure", async () => {
    const runs: number[][] = [];
    const store = coalescedApart(async (calls: number[]) => {
      runs.push(calls);
      if (calls.includes(13)) throw new Error("13 cannot be stored");
      return calls.map((n) => ({ value: n }));
    }, String);
    const answers = await Promise.allSettled([store(12), store(13), store(14)]);
    expect(answers.map((a) => (a.status === "rejected" ? (a.reason as Error).message : a.value))).toEqual([12, "13 cannot be stored", 14]);
    expect(runs).toEqual([[12, 13, 14], [12], [13], [14]]);
  });
});
