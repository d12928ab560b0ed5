import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it.each([
    [0, "0 enrolments"],
    [1, "1 enrolment"],
    [2, "2 enrolments"],
    [1204, "1,204 enrolments"],
  ])("%i → %s", (count, text) => expect(plural(count, "enrolment")).toBe(text));

  it("takes an irregular plural", () => expect(plural(3, "person", "people")).toBe("3 people"));
});
