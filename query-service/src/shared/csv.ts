/** A column of a CSV export: its header and how a row shows in it. */
export interface CsvColumn<T> {
  header: string;
  value(row: T): string | number | boolean | null | undefined;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a text starting with = + - @ (or tab/CR) is prefixed with ' so a spreadsheet shows it instead of
 * running it (OWASP "CSV injection"); cells with a quote, comma or line break are quoted, quotes doubled.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 lines (CRLF) behind a UTF-8 byte order mark, so Excel opens Arabic text correctly. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
