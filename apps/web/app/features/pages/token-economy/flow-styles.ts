import type { FlowCategory } from "~/content/token";

/** Node accents per category: one bar colour and one chip style, all from the design tokens. */
export const CATEGORY_STYLES: Record<FlowCategory, { bar: string; chip: string }> = {
  entry: { bar: "bg-navy-700", chip: "bg-slate-100 text-navy-700" },
  primary: { bar: "bg-brand-gradient", chip: "bg-brand-violet/10 text-brand-violet" },
  ecosystem: { bar: "bg-brand-teal", chip: "bg-brand-teal/10 text-brand-teal-dark" },
  value: { bar: "bg-brand-violet", chip: "bg-brand-violet/10 text-brand-violet" },
  infrastructure: { bar: "bg-notice", chip: "bg-notice-bg text-notice" },
};

/** Edge colours per kind of flow. */
export function flowColor(flowType: string): string {
  switch (flowType) {
    case "stake":
    case "reward":
    case "liquidity":
      return "var(--color-brand-teal-dark)";
    case "burn":
      return "var(--color-brand-violet)";
    case "fee":
      return "var(--color-notice)";
    default:
      return "var(--color-navy-700)";
  }
}

export const FLOW_TYPE_LEGEND = [
  { id: "money", label: "Purchases and payments", color: flowColor("purchase") },
  { id: "reward", label: "Staking, liquidity and rewards", color: flowColor("reward") },
  { id: "burn", label: "Burns", color: flowColor("burn") },
  { id: "fee", label: "Fees to the treasury", color: flowColor("fee") },
] as const;
