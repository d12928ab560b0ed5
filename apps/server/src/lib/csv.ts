/* CSV in and out: the admin imports (leaderboards, newsletter subscribers) and exports. */

import { CsvError as CsvParseError } from "csv-parse";
import { parse } from "csv-parse/sync";

export type CsvRecord = { line: number; cells: string[] };

/** What csv-parse reports, by its error code, in the words of our import messages. */
const REASONS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "a quoted field is not closed",
  CSV_INVALID_CLOSING_QUOTE: "unexpected text after a closing quote",
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "unexpected text after a closing quote",
  INVALID_OPENING_QUOTE: "a quote may only open a field",
};

const lineBreaks = (cells: string[]) => cells.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);

/**
 * RFC 4180 CSV: comma-separated, fields optionally in double quotes ("" is a quote inside one),
 * quoted fields may hold commas and line breaks; CRLF, LF or CR line ends; a leading BOM is
 * dropped; spaces around a field are not part of it. Each record carries the line it starts on,
 * for error messages; blank lines are not records.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  // Where the last record ended and how many empty lines came before it: a record that breaks
  // starts on the line after it and the empty lines since (an unclosed quote is found only at the end).
  let lastLine = 0;
  let lastEmptyLines = 0;
  try {
    parse(text.replace(/\r\n?/g, "\n"), {
      bom: true,
      trim: true,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (cells: string[], info) => {
        records.push({ line: info.lines - lineBreaks(cells), cells });
        lastLine = info.lines;
        lastEmptyLines = info.empty_lines;
        return null;
      },
    });
  } catch (err) {
    if (!(err instanceof CsvParseError)) throw err;
    const reason = REASONS[err.code] ?? err.message;
    const line = err.code === "CSV_QUOTE_NOT_CLOSED" ? lastLine + (Number(err.empty_lines) - lastEmptyLines) + 1 : Number(err.lines);
    throw new CsvError(line, reason);
  }
  return records.filter((r) => !(r.cells.length === 1 && r.cells[0] === ""));
}

export class CsvError extends Error {
  override name = "CsvError";
  readonly line: number;
  constructor(line: number, reason: string) {
    super(`line ${line}: ${reason}`);
    this.line = line;
  }
}

/**
 * A CSV cell that a spreadsheet would run as a formula (= + - @, tab, carriage return) gets a
 * leading apostrophe, so an exported lead can never execute in Excel or Sheets.
 */
export function csvSafe(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? value : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
