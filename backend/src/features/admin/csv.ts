/**
 * CSV (RFC 4180) with spreadsheet-formula neutralisation: a cell a spreadsheet would run as a
 * formula (=, +, -, @, tab, carriage return first) is prefixed with an apostrophe (OWASP
 * "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly unknown[]) => `${values.map(csvCell).join(',')}\r\n`;
