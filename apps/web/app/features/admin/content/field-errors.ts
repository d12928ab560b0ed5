/** The server's message for a field, whether it keyed it "author" or "author.name" or "tags.0". */
export function fieldError(errors: Record<string, string> | undefined, field: string): string | undefined {
  if (!errors) return undefined;
  if (errors[field]) return errors[field];
  const nested = Object.entries(errors).find(([key]) => key.startsWith(`${field}.`));
  return nested?.[1];
}

/** Field errors the form has no place for, so they are not lost. */
export function otherErrors(errors: Record<string, string> | undefined, shown: string[]): string[] {
  if (!errors) return [];
  return Object.entries(errors)
    .filter(([key]) => !shown.some((field) => key === field || key.startsWith(`${field}.`)))
    .map(([key, text]) => `${key}: ${text}`);
}

/** A datetime-local value (local time) from an ISO date, and back. */
export function toLocalInput(iso: string | undefined | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
