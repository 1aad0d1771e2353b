import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Language } from '../../contract/languages';
import type en from '../i18n/en.json';
import { CODES, codeWords, type CodeWords } from '../i18n/codeWords';
import { render } from '../i18n/messages';

/** A spreadsheet's default file name (spec §7). */
export const DEFAULT_CSV_NAME = 'account_list.csv';

/** A plain number (`-10`, `3.5`): a spreadsheet reads it as the number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell as Excel reads it: quoted when it holds a quote, comma or line break, and a cell
 * that a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
 * prefixed with an apostrophe (OWASP's CSV-injection advice). A number stays a number (a ledger's
 * `-10` must add up), and so does text that is only a number.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (CRLF, as RFC 4180 and Excel expect). */
export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A column of a CSV download, by its stable English key (`balance_after`): its header is worded in the catalog. */
export type CsvColumn = keyof (typeof en)['csvColumns'];

/**
 * The header line's cells: each column's words in the reader's language, or the stable keys when
 * the caller asked for them (`?headers=keys`: an API client that finds its columns by name).
 */
export function csvHeader(columns: readonly CsvColumn[], language: Language, keys: boolean): string[] {
  return columns.map((column) => (keys ? column : render(language, { key: `csvColumns.${column}` })));
}

/**
 * Sends rows as a CSV download, streamed: `rows` is read page by page, so 100,000 rows never sit
 * in memory at once. UTF-8 with a BOM so Excel shows non-Latin text; the file name travels in
 * `Content-Disposition` (both `filename` and RFC 5987 `filename*`), which the console's download
 * call uses (spec §7). The header line, and the cells that hold codes (`rows` words them with the
 * `CodeWords` it is given), read in the request's language unless it asked for the keys: then
 * both stay codes, for a machine client.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  columns: readonly CsvColumn[],
  rows: (words: CodeWords) => AsyncIterable<readonly unknown[]>,
): FastifyReply {
  const { language, query } = reply.request;
  const keys = (query as { headers?: string } | undefined)?.headers === 'keys';
  const header = csvHeader(columns, language, keys);
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    for await (const row of rows(keys ? CODES : codeWords(language))) yield csvLine(row);
  }
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store');
  return reply.send(Readable.from(lines()));
}

/**
 * Pages of a keyset-paged query as one stream of rows: `page(afterId)` returns up to a page of
 * rows ordered by id after `afterId`; the stream ends at the first short page.
 */
export async function* pagedRows<T extends { id: number }>(
  page: (afterId: number, limit: number) => Promise<T[]>,
  toCells: (row: T) => readonly unknown[],
  pageSize = 1000,
): AsyncIterable<readonly unknown[]> {
  let after = 0;
  for (;;) {
    const rows = await page(after, pageSize);
    for (const row of rows) yield toCells(row);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1].id;
  }
}
