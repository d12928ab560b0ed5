import fc from "fast-check";

/*
 * Hostile input for property tests: the strings, numbers and JSON documents an
 * attacker or a broken client sends. Shared by the validator properties in this package and the
 * route properties of the server, so both sides are tried with the same corpus.
 */

/** Keys that reach Object.prototype when a parser or a merge is careless. */
export const POLLUTION_KEYS = ["__proto__", "constructor", "prototype"] as const;

/** The property a successful pollution would add to every object. */
export const POLLUTION_MARKER = "polluted_by_property_test";

/** Strings known to trip up servers: encodings, SQL and search syntax, markup, numbers as text. */
export const NASTY_STRINGS: readonly string[] = [
  "",
  " ",
  "   \t\n  ",
  "\u0000",
  "a\u0000b",
  "ada@example.com\u0000",
  "\uD800",
  "\uDFFF",
  "a\uD800b",
  "\uDBFF\uDFFF",
  "\uDFFF\uD800",
  "\u202Eevil\u202C",
  "\u200F\u200E\u061C",
  "\u200B\u200C\u200D\uFEFF\u2060",
  "\u00A0\u3000\u2028\u2029",
  "e\u0301\u0301\u0301",
  "Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357",
  "İıß\uFB01",
  "\uFF41\uFF44\uFF41@example.com",
  "ada@exa\u200Bmple.com",
  "🏳️‍🌈👩‍👩‍👧‍👦𝕏",
  "\u{10FFFF}\uFFFE\uFFFF",
  "' OR '1'='1",
  "'; drop table users; --",
  '" OR ""="',
  "%",
  "_",
  "\\",
  "%_\\%",
  "\\'",
  "$1",
  "?",
  ":name",
  "a & b | !c <-> d:*",
  "(((",
  "'''",
  "`",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant to arrive as literal text
  "${7*7}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "../../etc/passwd",
  "%00",
  "%2e%2e%2f",
  "\r\nSet-Cookie: x=1",
  "\b\f\v\u0007\u001b[31m",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "0x10",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
];

/** Any string, weighted towards the nasty ones, lone surrogates and sizes past every limit. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.array(fc.constantFrom(...NASTY_STRINGS), { minLength: 2, maxLength: 5 }).map((parts) => parts.join("")),
  },
  {
    weight: 1,
    // Past the field limits (100, 254, 500, 2048, 90 000) and, at the top, past the 100 KB body limit.
    arbitrary: fc
      .tuple(fc.constantFrom("x", "é", "\u0000", "\uD800", "🏳️‍🌈", "<a>", " "), fc.constantFrom(101, 255, 501, 2049, 20_000, 90_001, 120_000))
      .map(([unit, size]) => unit.repeat(Math.ceil(size / unit.length))),
  },
);

/** Numbers as JSON text, including ones JSON.parse turns into Infinity, -0 or an imprecise integer. */
export const hostileNumberText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("1e400", "-1e400", "-0", "1E-400", "123456789012345678901234567890", "9007199254740993", "0.5", "-1", "0", "2147483648", "1e21"),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
);

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...POLLUTION_KEYS, "toString", "valueOf", "hasOwnProperty", "__defineGetter__", "isAdmin", "role", "_id", "id"),
  fc.string({ unit: "binary", maxLength: 12 }),
);

/** A document that tries to pollute Object.prototype through the JSON parser or a merge. */
export const pollutionJson: fc.Arbitrary<string> = fc.constantFrom(
  `{"__proto__":{"${POLLUTION_MARKER}":"yes"}}`,
  `{"constructor":{"prototype":{"${POLLUTION_MARKER}":"yes"}}}`,
  `{"prototype":{"${POLLUTION_MARKER}":"yes"}}`,
  `{"__proto__":[{"${POLLUTION_MARKER}":"yes"}]}`,
  `{"a":{"b":{"__proto__":{"${POLLUTION_MARKER}":"yes"}}}}`,
  `[{"__proto__":{"${POLLUTION_MARKER}":"yes"}}]`,
  `{"\\u005f_proto__":{"${POLLUTION_MARKER}":"yes"}}`,
);

/** Arrays or objects nested far deeper than any schema goes (each within the 100 KB body limit). */
export const deepJson: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 64, max: 40_000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
  fc.integer({ min: 64, max: 15_000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`),
);

export const objectText = (entries: ReadonlyArray<readonly [string, string]>) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}`;

/** Any JSON value as text: nasty strings, odd numbers, nesting, pollution keys written as plain keys. */
export const hostileJson: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 5, arbitrary: hostileString.map((s) => JSON.stringify(s)) },
    { weight: 2, arbitrary: hostileNumberText },
    { weight: 1, arbitrary: fc.constantFrom("true", "false", "null") },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`) },
    { weight: 1, arbitrary: fc.array(fc.tuple(hostileKey, tie("value")), { maxLength: 4 }).map(objectText) },
    { weight: 1, arbitrary: pollutionJson },
  ),
})).value;

/** Any value a JSON body can carry once parsed, plus the values a careless caller passes in memory. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileJson.map((text) => JSON.parse(text) as unknown) },
  { weight: 1, arbitrary: deepJson.map((text) => JSON.parse(text) as unknown) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      -0,
      10n ** 30n,
      new Date(Number.NaN),
      Object.create(null) as unknown,
    ),
  },
);

/** Text that is not JSON, or not quite. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "{",
    "}",
    "[",
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    "nul",
    "tru",
    "undefined",
    "NaN",
    "\uFEFF{}",
    "{}{}",
    '"\u0000',
    '"\\x41"',
    '"\\u12"',
    '"\\uD800"',
    "\u0000",
    "  ",
    "\n",
    "0x10",
    "+1",
    ".5",
  ),
  fc.string({ unit: "binary", maxLength: 30 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }),
);

/** Object.prototype and Array.prototype as they are now, to compare after hostile input. */
export function prototypeSnapshot(): string {
  return JSON.stringify([Object.getOwnPropertyNames(Object.prototype).sort(), Object.getOwnPropertyNames(Array.prototype).sort()]);
}

/** True when nothing was added to Object.prototype (compared with a snapshot taken before). */
export function prototypeIsClean(before: string): boolean {
  const probe: Record<string, unknown> = {};
  return prototypeSnapshot() === before && probe[POLLUTION_MARKER] === undefined && !(POLLUTION_MARKER in probe);
}
