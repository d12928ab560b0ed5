import { describe, expect, it } from "vitest";
import { flatErrors } from "./use-api-form.ts";

describe("flatErrors (a form's errors by the names the server uses)", () => {
  it("reads top-level, nested and listed fields' messages under dotted names", () => {
    const ref = { name: "author" };
    const errors = {
      title: { type: "server", message: "Title is required", ref },
      author: { name: { type: "server", message: "Name the author", ref } },
      tags: [undefined, { type: "server", message: "Too long" }],
    };
    expect(flatErrors(errors)).toEqual({ title: "Title is required", "author.name": "Name the author", "tags.1": "Too long" });
  });

  it("skips empty messages and the element references react-hook-form keeps", () => {
    expect(flatErrors({ email: { type: "required", message: "" }, ref: { message: "not an error" } })).toEqual({});
  });
});
