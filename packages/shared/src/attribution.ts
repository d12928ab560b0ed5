import { z } from "./zod.ts";
import { ATTRIBUTION_VALUE_MAX, cleanAttribution, REFERRER_HOST_MAX, SOURCE_INTERVALS, SOURCES_DEFAULT_DAYS, SOURCES_MESSAGES } from "./attribution-core.ts";
import { LEAD_KINDS, type LeadKind } from "./lead-kinds.ts";

export * from "./attribution-core.ts";

const value = (max: number, description: string) => z.string().max(max).optional().describe(description);

/** The shape stored and documented: every field optional, already cleaned. */
const attributionShape = z.object({
  source: value(ATTRIBUTION_VALUE_MAX, "utm_source of the first visit"),
  medium: value(ATTRIBUTION_VALUE_MAX, "utm_medium of the first visit"),
  campaign: value(ATTRIBUTION_VALUE_MAX, "utm_campaign of the first visit"),
  content: value(ATTRIBUTION_VALUE_MAX, "utm_content of the first visit"),
  ref: value(ATTRIBUTION_VALUE_MAX, "a referral code (?ref=) of the first visit, or of the form's own page"),
  referrerHost: value(REFERRER_HOST_MAX, "the external site that linked to the first visit (host name only)"),
});

/**
 * Campaign attribution sent with a form or a sign-up. It never fails: over-long values are cut,
 * control characters removed, empty values, unknown fields and a value that is not an object
 * dropped (cleanAttribution), so a form is never refused because of it.
 */
export const attributionSchema = z
  .preprocess((input) => cleanAttribution(input), attributionShape.optional())
  .catch(undefined)
  .describe("Where the visitor first came from (UTM parameters, ref, referrer host). Cleaned, never refused.");

// ---------------------------------------------------------------------------------------------
// GET /admin/sources: leads and sign-ups by source and campaign over a date range.

const isoDay = z.iso.date({ error: SOURCES_MESSAGES.dateInvalid });

export const sourcesQuerySchema = z.object({
  from: isoDay.optional().describe(`First UTC day (YYYY-MM-DD); default ${SOURCES_DEFAULT_DAYS - 1} days before \`to\``),
  to: isoDay.optional().describe("Last UTC day, included (YYYY-MM-DD); default today"),
  interval: z
    .enum(SOURCE_INTERVALS, { error: "interval must be day or week" })
    .default("day")
    .describe("day, or week (weeks start on Monday; the first starts on `from`)"),
});
export type SourcesQuery = z.infer<typeof sourcesQuerySchema>;

const kindCounts = z.object(Object.fromEntries(LEAD_KINDS.map((kind) => [kind, z.number().int()])) as Record<LeadKind, z.ZodNumber>);

/** One source (utm_source; null: none recorded) with its leads and sign-ups in a period. */
const sourceCount = z.object({ source: z.string().nullable(), leads: z.number().int(), signups: z.number().int() });

export const sourcesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(SOURCE_INTERVALS),
  totals: z.object({
    leads: z.number().int(),
    signups: z.number().int(),
    byKind: kindCounts,
    withSource: z.number().int().describe("leads and sign-ups with a utm_source"),
  }),
  /** Every period of the range in order, zero-filled. */
  series: z.array(
    z.object({
      period: z.string().describe("the period's first day"),
      leads: z.number().int(),
      signups: z.number().int(),
      sources: z.array(sourceCount),
    }),
  ),
  /** One row per (source, campaign), most leads and sign-ups first. */
  rows: z.array(
    z.object({
      source: z.string().nullable(),
      campaign: z.string().nullable(),
      byKind: kindCounts,
      leads: z.number().int(),
      signups: z.number().int(),
    }),
  ),
});
export type SourcesReport = z.infer<typeof sourcesReportSchema>;
