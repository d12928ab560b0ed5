import type { LeadKind } from "@vestin/shared/lead-kinds";

/**
 * Series colours for the console's charts: the brand teal and violet first, then three calm
 * companions with enough contrast between neighbours (SVG attributes cannot read CSS tokens).
 */
export const LEAD_SERIES_COLORS: Record<LeadKind, string> = {
  enquiries: "#0f766e", // --color-brand-teal-dark
  partnerships: "#7c3aed", // --color-brand-violet
  presale: "#0ea5e9",
  waitlist: "#f59e0b",
  "airdrop-claims": "#e11d48",
};

export const CHART_GRID = "#e2e8f0"; // --color-line
export const CHART_AXIS = "#475569"; // --color-muted
