/**
 * The five kinds of lead, by the glossary's names. One key set names a kind everywhere: the admin
 * inbox's tabs (`/admin/leads?type=…`) and API (`/admin/leads/{kind}`), the dashboard's and the
 * Sources page's counts, the privacy export, lead events' inbox links and confirmations.
 */
export const LEAD_KINDS = ["enquiries", "partnerships", "presale", "waitlist", "airdrop-claims"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** The kinds whose people confirm their e-mail address, in the order a person meets them. */
export const CONFIRMED_LEAD_KINDS = ["presale", "waitlist", "airdrop-claims"] as const satisfies readonly LeadKind[];
export type ConfirmedLeadKind = (typeof CONFIRMED_LEAD_KINDS)[number];

export function isLeadKind(value: unknown): value is LeadKind {
  return (LEAD_KINDS as readonly unknown[]).includes(value);
}

/** The inbox's earlier keys, still in links already e-mailed to the team: each opens its kind's tab. */
const EARLIER_KEYS: Readonly<Record<string, LeadKind>> = {
  contacts: "enquiries",
  partners: "partnerships",
  testnet: "waitlist",
  pioneers: "airdrop-claims",
};

/** The kind an inbox address names (`?type=…`), an earlier key included; undefined for anything else. */
export function leadKindOfLink(value: string | null | undefined): LeadKind | undefined {
  if (isLeadKind(value)) return value;
  return value && Object.hasOwn(EARLIER_KEYS, value) ? EARLIER_KEYS[value] : undefined;
}
