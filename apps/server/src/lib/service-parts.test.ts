import { describe, expect, it } from "vitest";
import { joinParts } from "./service-parts.ts";

describe("one service from its parts", () => {
  const reading = { find: (id: string) => `found ${id}`, count: 2 };
  const writing = {
    async save(id: string) {
      return `saved ${id}`;
    },
  };

  it("keeps every part's members, each as its part defined it", async () => {
    const service = joinParts(reading, writing, { remove: (id: string) => `removed ${id}` });
    expect(Object.keys(service).sort()).toEqual(["count", "find", "remove", "save"]);
    expect(service.find("a")).toBe("found a");
    expect(await service.save("b")).toBe("saved b");
    expect(service.remove("c")).toBe("removed c");
  });

  it("refuses a member two parts define: a type error, and an error when the service is built", () => {
    const rewriting = { find: (id: string) => `other ${id}` };
    // @ts-expect-error "find is defined by two parts": spread would have kept the second in silence.
    expect(() => joinParts(reading, writing, rewriting)).toThrow('"find" is defined by two parts of one service');
  });
});
