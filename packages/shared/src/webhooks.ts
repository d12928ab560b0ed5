/* Signed webhooks: the admin API's input schemas; constants and types in webhooks-core.ts. */
import { LEAD_EVENT_TYPES } from "./events.ts";
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_FORMATS, WEBHOOK_MESSAGES, WEBHOOK_URL_MAX } from "./webhooks-core.ts";
import { z } from "./zod.ts";

export * from "./webhooks-core.ts";

const url = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
  .refine((value) => URL.canParse(value), WEBHOOK_MESSAGES.urlInvalid);
const events = z
  .array(z.enum(LEAD_EVENT_TYPES, { error: "Unknown event" }), { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(LEAD_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);
const description = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, `The description may be at most ${WEBHOOK_DESCRIPTION_MAX} characters.`);
const format = z.enum(WEBHOOK_FORMATS, { error: "Format must be json or slack" });

export const createWebhookSchema = z.object({
  url,
  events,
  description: description.default(""),
  format: format.default("json"),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

/** Any subset of the fields; status "active" re-activates a failing or disabled endpoint, "disabled" pauses it. */
export const updateWebhookSchema = z.object({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  format: format.optional(),
  status: z.enum(["active", "disabled"], { error: "Status must be active or disabled" }).optional(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;
