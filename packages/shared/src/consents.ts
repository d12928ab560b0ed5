import { z } from "./zod.ts";
import { CONSENT_ACTIONS, CONSENT_KINDS, CONSENT_SOURCE_FORMS } from "./consents-core.ts";

export * from "./consents-core.ts";

const choice = (name: string) => z.boolean({ error: `${name} must be true or false` });

/**
 * PUT /me/consents/cookies: the recorded optional category as the person left it (functional is
 * always on; the embedded-videos choice stays in the browser).
 */
export const cookieChoiceSchema = z.object({
  analytics: choice("analytics"),
});
export type CookieChoice = z.infer<typeof cookieChoiceSchema>;

export const cookieChoiceAnswerSchema = z.object({
  functional: z.literal(true),
  analytics: z.boolean(),
  /** The cookie policy the choice was made under (LEGAL_VERSIONS.cookies). */
  documentVersion: z.string(),
  /** The categories whose record changed with this choice (a repeated choice records nothing). */
  recorded: z.array(z.enum(CONSENT_KINDS)),
  at: z.string(),
});
export type CookieChoiceAnswer = z.infer<typeof cookieChoiceAnswerSchema>;

/** One consent record as a person's data export shows it (the IP is kept only as a keyed hash and is not part of it). */
export const consentRecordSchema = z.object({
  kind: z.enum(CONSENT_KINDS),
  action: z.enum(CONSENT_ACTIONS),
  documentVersion: z.string().nullable(),
  wordingVersion: z.string().nullable(),
  wording: z.string().nullable(),
  sourceForm: z.enum(CONSENT_SOURCE_FORMS),
  sourcePage: z.string().nullable(),
  at: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;
