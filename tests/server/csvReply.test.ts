import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, pagedRows } from '../../server/http/csvReply';

describe('CSV for spreadsheets', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('-A1')).toBe("'-A1");
  });

  it('writes numbers as numbers, negative ones too, so a ledger adds up', () => {
    expect(csvCell(-10)).toBe('-10');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell(-2.5)).toBe('-2.5');
    expect(csvLine([1, 'spend', -10, 990])).toBe('1,spend,-10,990\r\n');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
    expect(csvLine(['中文', 'x\ny'])).toBe('中文,"x\ny"\r\n');
  });

  it('reads keyset pages until a short one', async () => {
    const all = Array.from({ length: 5 }, (_, i) => ({ id: i + 1 }));
    const asked: number[] = [];
    const rows: unknown[] = [];
    for await (const row of pagedRows(
      async (after, limit) => (asked.push(after), all.filter((r) => r.id > after).slice(0, limit)),
      (r) => [r.id],
      2,
    ))
      rows.push(row);
    expect(rows).toEqual([[1], [2], [3], [4], [5]]);
    expect(asked).toEqual([0, 2, 4]);
  });
});
