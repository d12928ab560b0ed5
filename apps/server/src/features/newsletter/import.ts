import { emailSchema } from "@vestin/shared/accounts";
import { FORM_GUARD_MESSAGES } from "@vestin/shared/form-guard";
import { NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES, type ImportAnswer } from "@vestin/shared/newsletter";
import { CsvError, parseCsv, type CsvRecord } from "../../lib/csv.ts";
import { badRequest } from "../../lib/errors.ts";
import { isDisposableEmail } from "../form-guard/index.ts";
import type { Subscriptions } from "./subscriptions.ts";

const EMAIL_HEADERS = ["email", "e-mail", "email address", "e-mail address"];

const lineError = (line: number, message: string) => {
  const text = `Line ${line}: ${message} Nothing was imported.`;
  return badRequest(text, { csv: text });
};

/**
 * The addresses of a CSV file, checked before anything is stored: the column named "email" when
 * the first line is a header, else the first column. A bad line stops the whole import and is named.
 */
export function parseSubscriberCsv(csv: string): string[] {
  let records: CsvRecord[];
  try {
    records = parseCsv(csv);
  } catch (err) {
    if (err instanceof CsvError) throw lineError(err.line, `${err.message.replace(/^line \d+: /, "")}.`);
    throw err;
  }
  const first = (records[0]?.cells ?? []).map((c) => c.trim().toLowerCase());
  const column = first.findIndex((c) => EMAIL_HEADERS.includes(c));
  const header = column >= 0;
  const emails: string[] = [];
  for (const record of header ? records.slice(1) : records) {
    const value = (record.cells[header ? column : 0] ?? "").trim();
    const parsed = emailSchema.safeParse(value);
    if (!parsed.success) throw lineError(record.line, `"${value.slice(0, 80)}" is not a valid e-mail address.`);
    if (isDisposableEmail(parsed.data)) throw lineError(record.line, `${parsed.data}: ${FORM_GUARD_MESSAGES.disposableEmail}`);
    emails.push(parsed.data);
    if (emails.length > NEWSLETTER_LIMITS.importMaxRows) throw badRequest(NEWSLETTER_MESSAGES.importTooLarge, { csv: NEWSLETTER_MESSAGES.importTooLarge });
  }
  if (emails.length === 0) throw badRequest(NEWSLETTER_MESSAGES.importEmpty, { csv: NEWSLETTER_MESSAGES.importEmpty });
  return emails;
}

/**
 * An admin's import: each new address becomes a pending subscription and gets the double opt-in
 * e-mail, with the stated consent source as its consent record. Addresses already subscribed or
 * pending are left alone; addresses that unsubscribed are not brought back.
 */
export async function importSubscribers(subscriptions: Subscriptions, csv: string, consentSource: string, adminIp: string): Promise<ImportAnswer> {
  const emails = parseSubscriberCsv(csv);
  let imported = 0;
  const unique = [...new Set(emails)];
  for (const email of unique) {
    const status = await subscriptions.statusOf(email);
    if (status !== null) continue;
    await subscriptions.request(email, { source: "import", page: null, ip: adminIp, wording: { version: "import", text: consentSource } });
    imported++;
  }
  return { imported, skipped: emails.length - imported };
}
