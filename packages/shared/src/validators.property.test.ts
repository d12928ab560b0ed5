import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as accounts from "./accounts.ts";
import * as api from "./api.ts";
import * as blog from "./blog.ts";
import * as consents from "./consents.ts";
import * as leads from "./leads.ts";
import * as learning from "./learning.ts";
import { hostileString, hostileValue, POLLUTION_KEYS, prototypeIsClean, prototypeSnapshot } from "./testing/hostile-input.ts";
import { CASES } from "./testing/schema-cases.ts";

/*
 * Property tests of every validator of the shared package: whatever arrives, a schema
 * answers with success or with readable issues; it never throws, never pollutes Object.prototype,
 * never hands a `__proto__` key on, and what it accepts keeps the field rules the server relies on.
 */

const RUNS = { numRuns: 150 };
const BEFORE = prototypeSnapshot();

/** Every zod schema a module exports, and those its schema factories build without arguments. */
function exportedSchemas(): Array<[string, z.ZodType]> {
  const found: Array<[string, z.ZodType]> = [];
  for (const [module, exports] of Object.entries({ accounts, api, blog, consents, leads, learning })) {
    for (const [key, value] of Object.entries(exports)) {
      if (value instanceof z.ZodType) found.push([`${module}.${key}`, value]);
      else if (key === "presaleFieldSchemas")
        for (const [field, schema] of Object.entries(value as Record<string, z.ZodType>)) found.push([`${module}.${key}.${field}`, schema]);
    }
  }
  found.push(["leads.walletAddressSchema()", leads.walletAddressSchema()], ["api.paginationQuery()", api.paginationQuery()]);
  found.push(["api.successEnvelope(z.string())", api.successEnvelope(z.string())], ["api.listEnvelope(z.string())", api.listEnvelope(z.string())]);
  return found;
}

/** What a failed parse must look like: issues a person can read, on paths the error envelope can name. */
function expectReadableIssues(error: z.ZodError) {
  expect(error.issues.length).toBeGreaterThan(0);
  for (const issue of error.issues) {
    expect(typeof issue.message).toBe("string");
    expect(issue.message.length).toBeGreaterThan(0);
    for (const part of issue.path) expect(["string", "number"]).toContain(typeof part);
  }
  expect(() => leads.fieldErrors(error)).not.toThrow();
}

/** Own keys of an accepted object never include a pollution key, and its prototype is untouched. */
function expectPlainOutput(output: unknown) {
  if (output === null || typeof output !== "object") return;
  const stack: unknown[] = [output];
  let seen = 0;
  while (stack.length && seen++ < 10_000) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (!Array.isArray(node)) {
      for (const key of POLLUTION_KEYS) if (key !== "constructor" || typeof node.constructor !== "function") expect(Object.hasOwn(node, key), key).toBe(false);
    }
    for (const value of Object.values(node)) stack.push(value);
  }
}

describe("every shared schema, whatever it is given", () => {
  const schemas = exportedSchemas();

  it("finds the schemas of every module", () => {
    expect(schemas.length).toBeGreaterThanOrEqual(30);
    for (const { name } of CASES) expect(schemas.map(([n]) => n)).toContain(name);
  });

  it("answers with success or readable issues, never throws, never pollutes, never passes a __proto__ key on", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...schemas),
        fc.oneof(hostileValue, fc.dictionary(fc.constantFrom(...POLLUTION_KEYS, "email", "password", "title", "page"), hostileValue)),
        ([, schema], input) => {
          const result = schema.safeParse(input);
          if (result.success) expectPlainOutput(result.data);
          else expectReadableIssues(result.error);
          expect(prototypeIsClean(BEFORE)).toBe(true);
        },
      ),
      { numRuns: 600 },
    );
  });
});

describe.each(CASES)("$name", ({ schema, valid, textFields = [], accepted }) => {
  it("accepts every valid input, and what it accepts keeps the field rules", () => {
    fc.assert(
      fc.property(valid, (input) => {
        const result = schema.safeParse(input);
        if (!result.success) throw new Error(`refused ${JSON.stringify(input)}: ${JSON.stringify(result.error.issues)}`);
        expectPlainOutput(result.data);
        accepted?.(result.data as Record<string, unknown>);
      }),
      RUNS,
    );
  });

  it("keeps its answer when hostile fields and pollution keys are added or swapped in", () => {
    fc.assert(
      fc.property(
        valid,
        fc.dictionary(fc.string(), hostileValue, { maxKeys: 3 }),
        fc.constantFrom(...POLLUTION_KEYS),
        hostileValue,
        (input, extra, pollutionKey, pollutionValue) => {
          const withExtras: Record<string, unknown> = { ...extra, ...input };
          // An own "__proto__" key, as JSON.parse makes it.
          Object.defineProperty(withExtras, pollutionKey, {
            value: pollutionValue,
            enumerable: true,
            configurable: true,
            writable: true,
          });
          const result = schema.safeParse(withExtras);
          if (result.success) {
            expectPlainOutput(result.data);
            accepted?.(result.data as Record<string, unknown>);
          } else expectReadableIssues(result.error);
          expect(prototypeIsClean(BEFORE)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  if (textFields.length) {
    it("refuses a value of the wrong type in a text field, on that field", () => {
      const notText = hostileValue.filter((v) => typeof v !== "string" && v !== undefined && v !== null);
      fc.assert(
        fc.property(valid, fc.constantFrom(...textFields), notText, (input, field, value) => {
          const result = schema.safeParse({ ...input, [field]: value });
          expect(result.success).toBe(false);
          if (!result.success) {
            expectReadableIssues(result.error);
            expect(result.error.issues.some((issue) => issue.path[0] === field)).toBe(true);
          }
        }),
        RUNS,
      );
    });

    it("refuses text past its limit or blank where text is required, and never crashes on hostile text", () => {
      fc.assert(
        fc.property(valid, fc.constantFrom(...textFields), hostileString, (input, field, value) => {
          const result = schema.safeParse({ ...input, [field]: value });
          if (result.success) {
            expectPlainOutput(result.data);
            accepted?.(result.data as Record<string, unknown>);
          } else expectReadableIssues(result.error);
        }),
        RUNS,
      );
    });
  }
});
