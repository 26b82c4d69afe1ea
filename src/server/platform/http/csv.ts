/**
 * A CSV file (RFC 4180) from rows: every cell quoted, quotes doubled, lines ended with CRLF.
 * A cell that a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) is
 * prefixed with an apostrophe, so exported user text cannot execute in the operator's sheet.
 */
export function toCsv<Row>(columns: readonly [string, (row: Row) => unknown][], rows: Row[]) {
  const cell = (value: unknown) => {
    const text =
      value === null || value === undefined
        ? ''
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replaceAll('"', '""')}"`;
  };
  const lines = [columns.map(([name]) => cell(name))];
  for (const row of rows) lines.push(columns.map(([, read]) => cell(read(row))));
  return lines.map((line) => line.join(',')).join('\r\n') + '\r\n';
}
