import { z } from "./zod.ts";
import { CHALLENGE_PROVIDERS, CONFIRM_MESSAGES, FORM_GUARD_MESSAGES, HONEYPOT_FIELD } from "./form-guard-core.ts";
import { CONFIRMED_LEAD_KINDS } from "./lead-kinds.ts";

export * from "./form-guard-core.ts";

/**
 * The fields every guarded form sends next to its own: the form token, the honeypot (any value a
 * bot puts there is tolerated here and refused by the guard) and the challenge's answer.
 */
export const formGuardFields = {
  formToken: z
    .string({ error: FORM_GUARD_MESSAGES.expired })
    .max(512, FORM_GUARD_MESSAGES.expired)
    .optional()
    .describe("The token from GET /api/v1/form-token, fetched when the form was shown. Required unless FORM_GUARD=off."),
  [HONEYPOT_FIELD]: z.unknown().optional().describe("Leave empty. A hidden field: any value marks the submission as automated."),
  challengeToken: z
    .string({ error: FORM_GUARD_MESSAGES.challengeRequired })
    .max(4096, FORM_GUARD_MESSAGES.challengeFailed)
    .optional()
    .describe("The challenge widget's answer, when a challenge provider is configured."),
};
export type FormGuardInput = { formToken?: string | undefined; website?: unknown; challengeToken?: string | undefined };

export const formTokenSchema = z.object({
  token: z.string(),
  /** How long after issue the token is accepted: the form holds a quicker submission until then (0 when the guard is off). */
  minFillMs: z.number().int(),
  /** The challenge the form must show, or null when none is configured. */
  challenge: z.object({ provider: z.enum(CHALLENGE_PROVIDERS), siteKey: z.string() }).nullable(),
});
export type FormTokenAnswer = z.infer<typeof formTokenSchema>;

export const confirmBodySchema = z.object({
  token: z.string({ error: CONFIRM_MESSAGES.invalid }).trim().min(1, CONFIRM_MESSAGES.invalid).max(200, CONFIRM_MESSAGES.invalid),
});

export const confirmResultSchema = z.object({
  /** The confirmed kinds of lead, in the order they were made. */
  confirmed: z.array(z.enum(CONFIRMED_LEAD_KINDS)),
  confirmedAt: z.string(),
});
export type ConfirmResult = z.infer<typeof confirmResultSchema>;
