/** CSV as Excel and LibreOffice read it: UTF-8 with a BOM, CRLF, RFC 4180 quoting. */

export const BOM = '\uFEFF';

/**
 * One field. Quoted when it holds a quote, comma or line break (or outer spaces,
 * which some readers trim). A field that starts like a formula (= + - @ tab CR)
 * gets a leading apostrophe so a spreadsheet shows it as text and never runs it.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return BOM + rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
