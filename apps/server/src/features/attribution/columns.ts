import type { Attribution } from "@vestin/shared/attribution";

/** The attribution columns of a lead or user row (migration 0015), in the order the inbox and the CSV show them. */
export const ATTRIBUTION_COLUMNS = [
  ["utm_source", "Source"],
  ["utm_medium", "Medium"],
  ["utm_campaign", "Campaign"],
  ["utm_content", "Content"],
  ["ref", "Ref"],
  ["referrer_host", "Referrer"],
] as const;

export type AttributionRow = {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  ref: string | null;
  referrer_host: string | null;
};

/** A form's (already cleaned) attribution as the columns of the row it is stored in; null where the browser sent nothing. */
export function attributionColumns(attribution: Attribution | undefined): AttributionRow {
  return {
    utm_source: attribution?.source ?? null,
    utm_medium: attribution?.medium ?? null,
    utm_campaign: attribution?.campaign ?? null,
    utm_content: attribution?.content ?? null,
    ref: attribution?.ref ?? null,
    referrer_host: attribution?.referrerHost ?? null,
  };
}

/** The columns of a stored row back as the API's attribution object (only the fields it has). */
export function attributionOf(row: AttributionRow): Attribution {
  const out: Attribution = {};
  if (row.utm_source) out.source = row.utm_source;
  if (row.utm_medium) out.medium = row.utm_medium;
  if (row.utm_campaign) out.campaign = row.utm_campaign;
  if (row.utm_content) out.content = row.utm_content;
  if (row.ref) out.ref = row.ref;
  if (row.referrer_host) out.referrerHost = row.referrer_host;
  return out;
}
