import fc from "fast-check";
import { expect } from "vitest";
import type { z } from "zod";
import * as accounts from "../accounts.ts";
import * as api from "../api.ts";
import * as blog from "../blog.ts";
import * as consents from "../consents.ts";
import * as leads from "../leads.ts";
import * as learning from "../learning.ts";
import { hostileValue } from "./hostile-input.ts";

/*
 * Valid input for every schema of the shared package, for the validator properties
 * (validators.property.test.ts): so they can say what must be accepted, and what a wrong type or
 * hostile text in a field does.
 */

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

export type Case = {
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

/** One case per schema a route parses: its valid input, its text fields, and what an accepted value must look like. */
export const CASES: Case[] = [
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
    name: "leads.airdropClaimSchema",
    schema: leads.airdropClaimSchema,
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
    name: "leads.airdropClaimSearchSchema",
    schema: leads.airdropClaimSearchSchema,
    valid: fc.record({ search: email }),
    textFields: ["search"],
    accepted: (out) => lowerCaseEmail(out.search),
  },
  {
    name: "consents.cookieChoiceSchema",
    schema: consents.cookieChoiceSchema,
    valid: fc.record({ analytics: fc.boolean() }),
    accepted: (out) => expect(Object.keys(out)).toEqual(["analytics"]),
  },
  {
    name: "api.paginationQuery()",
    schema: api.paginationQuery(),
    valid: fc.record({ page: digits(1, 999), limit: digits(1, 999) }, { requiredKeys: [] }),
  },
];
