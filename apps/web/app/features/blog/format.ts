const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const NUMBER = new Intl.NumberFormat("en-US");

export const formatDate = (iso: string) => DATE.format(new Date(iso));
export const formatCount = (n: number) => NUMBER.format(n);
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join("") || "?";
