import { describe, expect, it } from "vitest";
import { ViewCounter } from "./view-counter.ts";

describe("ViewCounter", () => {
  it("writes the views counted since the last flush in one batch, and everything on close", async () => {
    const batches: Array<Record<string, number>> = [];
    const counter = new ViewCounter({ addViews: async (counts) => void batches.push(Object.fromEntries(counts)) }, () => {}, 60_000);
    counter.add("a");
    counter.add("a");
    counter.add("b");
    expect(await counter.unsaved("a")).toBe(2);
    await counter.flush();
    expect(batches).toEqual([{ a: 2, b: 1 }]);
    expect(await counter.unsaved("a")).toBe(0);
    await counter.flush();
    expect(batches).toHaveLength(1);
    counter.add("c");
    await counter.close();
    expect(batches).toEqual([{ a: 2, b: 1 }, { c: 1 }]);
  });

  it("keeps the views of a failed write and writes them with the next batch", async () => {
    let fail = true;
    const errors: unknown[] = [];
    const saved: Array<Record<string, number>> = [];
    const counter = new ViewCounter(
      {
        addViews: async (counts) => {
          if (fail) throw new Error("database is down");
          saved.push(Object.fromEntries(counts));
        },
      },
      (error) => errors.push(error),
      60_000,
    );
    counter.add("a");
    await counter.flush();
    expect(errors).toHaveLength(1);
    expect(await counter.unsaved("a")).toBe(1);
    fail = false;
    counter.add("a");
    await counter.close();
    expect(saved).toEqual([{ a: 2 }]);
  });
});
