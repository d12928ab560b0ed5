/* CSV in and out: the admin imports (leaderboards, newsletter subscribers) and exports. */

export type CsvRecord = { line: number; cells: string[] };

/**
 * RFC 4180 CSV: comma-separated, fields optionally in double quotes ("" is a quote inside one),
 * quoted fields may hold commas and line breaks; CRLF or LF line ends; a leading BOM is dropped.
 * Each record carries the line it starts on, for error messages.
 */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let recordLine = 1;

  const endCell = () => {
    cells.push(cell);
    cell = "";
    afterQuote = false;
  };
  const endRecord = () => {
    endCell();
    records.push({ line: recordLine, cells });
    cells = [];
  };

  for (let i = 0; i < input.length; i++) {
    const c = input.charAt(i);
    if (quoted) {
      if (c === '"') {
        if (input.charAt(i + 1) === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (c === "\n") line++;
        cell += c;
      }
      continue;
    }
    if (c === '"') {
      if (cell.trim() !== "" || afterQuote) throw new CsvError(line, "a quote may only open a field");
      cell = "";
      quoted = true;
    } else if (c === ",") {
      endCell();
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && input.charAt(i + 1) === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      if (afterQuote && c.trim() !== "") throw new CsvError(line, "unexpected text after a closing quote");
      cell += c;
    }
  }
  if (quoted) throw new CsvError(recordLine, "a quoted field is not closed");
  if (cell !== "" || cells.length > 0) endRecord();
  // Blank lines (a trailing newline included) are not records.
  return records.filter((r) => !(r.cells.length === 1 && r.cells[0]?.trim() === ""));
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
