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

/*
 * Property tests of every validator of the shared package (issue #10): whatever arrives, a schema
 * answers with success or with readable issues; it never throws, never pollutes Object.prototype,
 * never hands a `__proto__` key on, and what it accepts keeps the field rules the server relies on.
 */

const RUNS = { numRuns: 150 };
const BEFORE = prototypeSnapshot();

// ---------------------------------------------------------------------------------------------
// Valid input, so the properties can also say what must be accepted and what a wrong type does.

const pad = (value: fc.Arbitrary<string>) =>
  fc.tuple(fc.constantFrom("", " ", "\t", "  \n"), value, fc.constantFrom("", " ", "\n")).map(([a, v, b]) => `${a}${v}${b}`);
const word = (min: number, max: number) => fc.stringMatching(new RegExp(`^[a-z0-9]{${min},${max}}$`));
const plainEmail = fc
  .tuple(word(1, 12), fc.option(word(1, 5), { nil: undefined }), word(1, 12), fc.stringMatching(/^[a-z]{2,6}$/), fc.boolean())
  .map(([local, sub, domain, tld, upper]) => {
    const email = `${local}${sub ? `.${sub}` : ""}@${domain}.${tld}`;
    return upper ? email.toUpperCase() : email;
  });
const email = pad(plainEmail);
const name = pad(fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0));
const password = fc.string({ unit: "binary", minLength: 6, maxLength: 60 });
const slug = fc.array(word(1, 8), { minLength: 1, maxLength: 4 }).map((parts) => parts.join("-"));
const isoDate = fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString());
const lowerWallet = fc.stringMatching(/^0x[0-9a-f]{40}$/);
const wallet = fc.oneof(
  lowerWallet,
  lowerWallet.map((a) => `0x${a.slice(2).toUpperCase()}`),
  lowerWallet.map((a) => leads.toChecksumAddress(a)),
);
const countryCode = fc.constantFrom(...leads.COUNTRIES.map((c) => c.code));
const digits = (min: number, max: number) => fc.integer({ min, max }).map(String);

type Case = {
  name: string;
  schema: z.ZodType;
  valid: fc.Arbitrary<Record<string, unknown>>;
  /** Fields that must carry text: any other type there is refused, with the issue on that field. */
  textFields?: readonly string[];
  /** What an accepted value must look like. */
  accepted?: (output: Record<string, unknown>) => void;
};

const trimmedAndBounded = (output: Record<string, unknown>, fields: Record<string, number>) => {
  for (const [field, max] of Object.entries(fields)) {
    const value = output[field];
    if (value === undefined || value === null) continue;
    expect(typeof value, field).toBe("string");
    expect((value as string).trim(), field).toBe(value);
    // Limits count code points, as zod does.
    expect([...(value as string)].length, field).toBeLessThanOrEqual(max);
  }
};
const lowerCaseEmail = (value: unknown) => {
  expect(typeof value).toBe("string");
  expect(value).toBe((value as string).toLowerCase().trim());
  expect(value).toMatch(/^[^\s@]+@[^\s@]+$/);
};

const article = fc.record(
  {
    title: name,
    excerpt: name,
    category: name,
    author: fc.record({ name }),
    content: fc.string({ maxLength: 300 }),
    markdown: fc.string({ maxLength: 300 }),
    slug,
    tags: fc.array(word(1, 10), { maxLength: 12 }),
    publishedAt: isoDate,
    isFeatured: fc.boolean(),
    status: fc.constantFrom("published", "draft"),
  },
  { requiredKeys: ["title", "excerpt", "category", "author", "content"] },
);
const course = fc.record(
  {
    title: name,
    description: name,
    category: name,
    difficulty: fc.constantFrom(...learning.DIFFICULTIES),
    slug,
    order: fc.integer({ min: 1, max: 1000 }),
    status: fc.constantFrom("published", "draft"),
  },
  { requiredKeys: ["title", "description", "category", "difficulty"] },
);
const lessonFields = {
  title: name,
  description: name,
  content: fc.string({ maxLength: 300 }),
  duration: fc.integer({ min: 1, max: 999 }).map((n) => `${n} min`),
  lessonNumber: fc.integer({ min: 1, max: 500 }),
  learningObjectives: fc.array(name, { maxLength: 5 }),
  keyTakeaways: fc.array(name, { maxLength: 5 }),
  prerequisites: fc.array(name, { maxLength: 5 }),
  resources: fc.array(fc.record({ name, url: fc.constant("https://vestin.io/a") }, { requiredKeys: ["name"] }), {
    maxLength: 3,
  }),
  videoUrl: fc.constantFrom(null, "https://www.youtube.com/watch?v=abcdefghijk"),
  videoDescription: fc.constantFrom(null, "A walk-through"),
};

const CASES: Case[] = [
  {
    name: "accounts.registerSchema",
    schema: accounts.registerSchema,
    valid: fc.record(
      {
        firstName: name,
        lastName: name,
        email,
        password,
        role: hostileValue,
        subscribeNewsletter: fc.boolean(),
        agreeToTerms: fc.constant(true),
      },
      { requiredKeys: ["firstName", "lastName", "email", "password"] },
    ),
    textFields: ["firstName", "lastName", "email", "password"],
    accepted: (out) => {
      trimmedAndBounded(out, { firstName: 100, lastName: 100 });
      lowerCaseEmail(out.email);
      expect((out.password as string).length).toBeGreaterThanOrEqual(accounts.PASSWORD_MIN);
      expect((out.password as string).length).toBeLessThanOrEqual(accounts.PASSWORD_MAX);
    },
  },
  {
    name: "accounts.loginSchema",
    schema: accounts.loginSchema,
    valid: fc.record({ email, password }),
    textFields: ["email", "password"],
    accepted: (out) => lowerCaseEmail(out.email),
  },
  {
    name: "accounts.forgotPasswordSchema",
    schema: accounts.forgotPasswordSchema,
    valid: fc.record({ email }),
    textFields: ["email"],
    accepted: (out) => lowerCaseEmail(out.email),
  },
  {
    name: "accounts.resetPasswordSchema",
    schema: accounts.resetPasswordSchema,
    valid: fc.record({ password, token: pad(fc.base64String({ minLength: 4, maxLength: 64 })) }),
    textFields: ["password", "token"],
    accepted: (out) => trimmedAndBounded(out, { token: 200 }),
  },
  {
    name: "accounts.googleVerifySchema",
    schema: accounts.googleVerifySchema,
    valid: fc.record({ idToken: pad(fc.base64String({ minLength: 4, maxLength: 400 })) }),
    textFields: ["idToken"],
  },
  {
    name: "accounts.googleCallbackQuerySchema",
    schema: accounts.googleCallbackQuerySchema,
    valid: fc.record({ code: word(1, 40), state: word(1, 40) }),
    textFields: ["code", "state"],
    accepted: (out) => trimmedAndBounded(out, { code: 2048, state: 200 }),
  },
  {
    name: "blog.articleWriteSchema",
    schema: blog.articleWriteSchema,
    valid: article,
    textFields: ["title", "excerpt", "category"],
    accepted: (out) => {
      trimmedAndBounded(out, { title: 200, excerpt: 400, category: 60, featuredImage: 500, featuredImageAlt: 300 });
      if (out.slug !== undefined) expect(out.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect((out.tags as string[]).length).toBeLessThanOrEqual(12);
    },
  },
  {
    name: "blog.articleUpdateSchema",
    schema: blog.articleUpdateSchema,
    valid: article.map((a) => ({ title: a.title, tags: a.tags })),
    textFields: ["title"],
  },
  {
    name: "blog.blogListQuerySchema",
    schema: blog.blogListQuerySchema,
    valid: fc.record(
      {
        page: digits(1, 99999),
        limit: digits(1, 5000),
        category: name,
        search: fc.string({ maxLength: 80 }),
        sort: fc.constantFrom(...blog.BLOG_SORTS),
      },
      { requiredKeys: [] },
    ),
    accepted: (out) => {
      expect(Number.isSafeInteger(out.page) && (out.page as number) >= 1).toBe(true);
      expect(Number.isSafeInteger(out.limit) && (out.limit as number) >= 1 && (out.limit as number) <= 100).toBe(true);
      expect(blog.BLOG_SORTS).toContain(out.sort);
    },
  },
  {
    name: "learning.courseCreateSchema",
    schema: learning.courseCreateSchema,
    valid: course,
    textFields: ["title", "description", "category"],
    accepted: (out) => trimmedAndBounded(out, { title: 200, description: 2000, category: 100 }),
  },
  {
    name: "learning.courseUpdateSchema",
    schema: learning.courseUpdateSchema,
    valid: course.map((c) => ({ title: c.title, order: c.order })),
    textFields: ["title"],
  },
  {
    name: "learning.lessonCreateSchema",
    schema: learning.lessonCreateSchema,
    valid: fc.record({ courseId: word(1, 20), ...lessonFields }, { requiredKeys: ["courseId", "title", "content"] }),
    textFields: ["courseId", "title"],
    accepted: (out) => trimmedAndBounded(out, { courseId: 200, title: 200, description: 2000 }),
  },
  {
    name: "learning.lessonUpdateSchema",
    schema: learning.lessonUpdateSchema,
    valid: fc.record(lessonFields, { requiredKeys: ["title"] }),
    textFields: ["title"],
  },
  {
    name: "learning.courseListQuerySchema",
    schema: learning.courseListQuerySchema,
    valid: fc.record(
      {
        category: name,
        difficulty: fc.constantFrom(...learning.DIFFICULTIES),
        search: fc.string({ maxLength: 80 }),
        page: digits(1, 999),
        limit: digits(1, 999),
      },
      { requiredKeys: [] },
    ),
    accepted: (out) => expect((out.limit as number) <= 100 && (out.page as number) >= 1).toBe(true),
  },
  {
    name: "learning.lessonListQuerySchema",
    schema: learning.lessonListQuerySchema,
    valid: fc.record({ course: word(1, 20), page: digits(1, 999), limit: digits(1, 999) }, { requiredKeys: [] }),
  },
  {
    name: "leads.contactSchema",
    schema: leads.contactSchema,
    valid: fc
      .record({
        firstName: name,
        lastName: name,
        email: plainEmail,
        country: countryCode,
        businessType: fc.constantFrom(...leads.BUSINESS_TYPES.filter((b) => b !== "other")),
        interestedIn: fc.constantFrom(...leads.INTERESTS),
        plannedAssets: fc.subarray([...leads.PLANNED_ASSETS]),
        comments: fc.string({ maxLength: 500 }),
        consent: fc.boolean(),
      })
      .map((c) => ({ ...c, confirmEmail: c.email.toUpperCase() })),
    textFields: ["firstName", "lastName", "email", "confirmEmail"],
    accepted: (out) => {
      trimmedAndBounded(out, { firstName: 100, lastName: 100, comments: 500 });
      lowerCaseEmail(out.email);
      expect(out).not.toHaveProperty("confirmEmail");
      if (out.country !== undefined) expect(leads.isCountryCode(out.country as string)).toBe(true);
    },
  },
  {
    name: "leads.partnerSchema",
    schema: leads.partnerSchema,
    valid: fc.record({
      organizationName: name,
      primaryContactName: fc.tuple(name, name).map(([a, b]) => `${a.trim()} ${b.trim()}`),
      websiteUrl: fc.webUrl({ validSchemes: ["https", "http"] }).filter(leads.isHttpUrl),
      emailOrTelegram: fc.oneof(plainEmail, fc.stringMatching(/^@[A-Za-z0-9_]{5,32}$/)),
      country: countryCode,
      partnershipTypes: fc.subarray(["Strategic Partner", "Technology Partner", "Marketing Partner"], { minLength: 1 }),
      comments: fc.string({ maxLength: 500 }),
    }),
    textFields: ["organizationName", "primaryContactName", "emailOrTelegram"],
    accepted: (out) => {
      trimmedAndBounded(out, { organizationName: 200, primaryContactName: 200, comments: 500 });
      expect(leads.isHttpUrl(out.websiteUrl as string)).toBe(true);
      expect(String(out.firstName).length).toBeGreaterThan(0);
      expect(String(out.lastName).length).toBeGreaterThan(0);
    },
  },
  {
    name: "leads.presaleSchema",
    schema: leads.presaleSchema,
    valid: fc.record({
      email,
      fullName: name,
      walletAddress: wallet,
      cryptoExperience: fc.constantFrom(...leads.CRYPTO_EXPERIENCE),
      investmentRange: fc.constantFrom(...leads.INVESTMENT_RANGES),
      reference: fc.constantFrom(...leads.REFERENCES),
      additionalInfo: fc.constantFrom(...leads.INVESTMENT_GOALS),
    }),
    textFields: ["email", "fullName", "walletAddress"],
    accepted: (out) => {
      lowerCaseEmail(out.email);
      expect(out.walletAddress).toMatch(/^0x[0-9a-f]{40}$/);
    },
  },
  {
    name: "leads.waitlistSchema",
    schema: leads.waitlistSchema,
    valid: fc.record({
      username: name,
      email,
      twitterHandle: fc.stringMatching(/^@?[A-Za-z0-9_]{1,30}$/),
      telegramHandle: fc.constantFrom("", null, "@ab.c-d"),
    }),
    textFields: ["username", "email"],
    accepted: (out) => {
      lowerCaseEmail(out.email);
      for (const handle of [out.twitterHandle, out.telegramHandle]) if (handle !== undefined) expect(handle).toMatch(leads.WAITLIST_HANDLE_PATTERN);
    },
  },
  {
    name: "leads.pioneerClaimSchema",
    schema: leads.pioneerClaimSchema,
    valid: fc.record({
      zealyUsername: name,
      walletAddress: wallet,
      email,
      tgAccount: name,
      xpEarned: hostileValue,
      vstnRewards: hostileValue,
    }),
    textFields: ["zealyUsername", "walletAddress", "email", "tgAccount"],
    accepted: (out) => {
      expect(Object.keys(out).sort()).toEqual(["email", "tgAccount", "walletAddress", "zealyUsername"]);
      expect(out.walletAddress).toMatch(/^0x[0-9a-f]{40}$/);
    },
  },
  {
    name: "leads.pioneerSearchSchema",
    schema: leads.pioneerSearchSchema,
    valid: fc.record({ search: email }),
    textFields: ["search"],
    accepted: (out) => lowerCaseEmail(out.search),
  },
  {
    name: "consents.cookieChoiceSchema",
    schema: consents.cookieChoiceSchema,
    valid: fc.record({ analytics: fc.boolean(), marketing: fc.boolean() }),
    accepted: (out) => expect(Object.keys(out).sort()).toEqual(["analytics", "marketing"]),
  },
  {
    name: "api.paginationQuery()",
    schema: api.paginationQuery(),
    valid: fc.record({ page: digits(1, 999), limit: digits(1, 999) }, { requiredKeys: [] }),
  },
];

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

describe("field predicates and helpers on hostile text", () => {
  it("never throw, and agree with the schemas that use them", () => {
    fc.assert(
      fc.property(hostileString, (text) => {
        const email = leads.isEmail(text);
        if (email) expect(text.length).toBeLessThanOrEqual(leads.EMAIL_MAX);
        if (leads.isHttpUrl(text)) expect(new URL(text).protocol).toMatch(/^https?:$/);
        expect(typeof leads.isCountryCode(text)).toBe("boolean");
        expect(typeof leads.isEmailOrTelegram(text)).toBe("boolean");
        expect(typeof accounts.isValidGoogleClientId(text)).toBe("boolean");
        const walletError = leads.walletAddressError(text);
        if (walletError === undefined) expect(leads.hasValidChecksum(text.trim())).toBe(true);
        for (const field of leads.PRESALE_STEP_FIELDS) expect(["string", "undefined"]).toContain(typeof leads.presaleFieldError(field, text));
        expect(blog.slugify(text)).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
        expect(blog.slugify(text).length).toBeLessThanOrEqual(80);
        expect(typeof blog.shareableUrl(text)).toBe("string");
        expect(blog.trimShareText(text, 280).length).toBeLessThanOrEqual(280);
        const embed = learning.toEmbedUrl(text);
        if (embed !== undefined)
          expect(embed).toMatch(/^https:\/\/(www\.youtube-nocookie\.com\/embed\/[\w-]+(\?start=\d+)?|player\.vimeo\.com\/video\/\d+\?(h=[0-9a-f]+&)?dnt=1)$/);
        expect(typeof leads.maskWallet(text)).toBe("string");
        expect(leads.maskTelegram(text).startsWith("@")).toBe(true);
        expect(typeof accounts.displayName({ firstName: text, lastName: text, email: text })).toBe("string");
        expect(leads.filterCountries(text).length).toBeLessThanOrEqual(leads.COUNTRIES.length);
      }),
      { numRuns: 400 },
    );
  });

  it("checksums: every address in its EIP-55 spelling passes, and a mixed-case address with one letter flipped fails", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^0x[0-9a-f]{40}$/), (address) => {
        const checksummed = leads.toChecksumAddress(address);
        expect(leads.hasValidChecksum(checksummed)).toBe(true);
        expect(leads.walletAddressError(checksummed)).toBeUndefined();
        const hex = checksummed.slice(2);
        if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return;
        const i = hex.search(/[a-fA-F]/) + 2;
        const c = checksummed.charAt(i);
        const flipped = checksummed.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + checksummed.slice(i + 1);
        const flippedHex = flipped.slice(2);
        if (flippedHex === flippedHex.toLowerCase() || flippedHex === flippedHex.toUpperCase()) return;
        expect(leads.hasValidChecksum(flipped)).toBe(false);
      }),
      RUNS,
    );
  });

  it("airdrop rewards never exceed the pool, and shares stay within 0 and 1", () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (xp, extra, pool) => {
        const { poolShare, vstnRewards } = leads.computeReward(xp, xp + extra, pool);
        expect(poolShare).toBeGreaterThanOrEqual(0);
        expect(poolShare).toBeLessThanOrEqual(1);
        expect(vstnRewards).toBeGreaterThanOrEqual(0);
        expect(vstnRewards).toBeLessThanOrEqual(pool);
      }),
      RUNS,
    );
  });
});
