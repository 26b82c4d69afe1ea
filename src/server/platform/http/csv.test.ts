import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes every cell, doubles quotes and ends lines with CRLF', () => {
    const csv = toCsv<{ a: string; b: number | null }>(
      [
        ['A', (r) => r.a],
        ['B', (r) => r.b],
      ],
      [
        { a: 'say "hi", then\nleave', b: 2 },
        { a: '', b: null },
      ],
    );
    expect(csv).toBe('"A","B"\r\n"say ""hi"", then\nleave","2"\r\n"",""\r\n');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    const csv = toCsv<string>([['X', (r) => r]], ['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', 'ok']);
    expect(csv.split('\r\n').slice(1, 6)).toEqual([
      `"'=HYPERLINK(""x"")"`,
      `"'+1"`,
      `"'-2"`,
      `"'@SUM(A1)"`,
      '"ok"',
    ]);
  });

  it('writes objects as JSON', () => {
    expect(toCsv<object>([['J', (r) => r]], [{ role: 'admin' }])).toContain(
      '"{""role"":""admin""}"',
    );
  });
});
