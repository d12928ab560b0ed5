import { describe, expect, it } from "vitest";
import { readFirstUser, readQueue } from "./read-responses.ts";

describe("readQueue", () => {
  it("reads every shape the spec lists", () => {
    expect(readQueue({ success: true, data: { queuePosition: 12, totalAhead: 40 } })).toEqual({ position: 12, ahead: 40 });
    expect(readQueue({ position: 7, total_ahead: 9 })).toEqual({ position: 7, ahead: 9 });
    expect(readQueue({ user: { queue_position: "3" }, ahead: 100 })).toEqual({ position: 3, ahead: 100 });
    expect(readQueue({ data: { queue: { position: 5 } } })).toEqual({ position: 5 });
    expect(readQueue({ queue: { queuePosition: 8, totalAhead: 8 } })).toEqual({ position: 8, ahead: 8 });
  });

  it("returns nothing it cannot trust", () => {
    expect(readQueue(null)).toEqual({});
    expect(readQueue({ data: { queuePosition: "soon" } })).toEqual({});
    expect(readQueue({ queuePosition: 0 })).toEqual({});
    expect(readQueue([1, 2])).toEqual({});
  });
});

describe("readFirstUser", () => {
  it("takes the first user of an array, a data array or a single object", () => {
    expect(readFirstUser([{ a: 1 }, { a: 2 }])).toEqual({ a: 1 });
    expect(readFirstUser({ success: true, data: [{ a: 3 }] })).toEqual({ a: 3 });
    expect(readFirstUser({ success: true, data: { a: 4 } })).toEqual({ a: 4 });
    expect(readFirstUser({ zealyUsername: "x" })).toEqual({ zealyUsername: "x" });
  });

  it("finds no user in empty answers", () => {
    expect(readFirstUser([])).toBeUndefined();
    expect(readFirstUser({ success: true, data: [] })).toBeUndefined();
    expect(readFirstUser({})).toBeUndefined();
    expect(readFirstUser("nope")).toBeUndefined();
  });
});
