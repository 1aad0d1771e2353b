import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import {
  MAX_KEYWORD_LENGTH,
  MAX_KEYWORD_LINES,
  type KeywordAddResult,
  type KeywordList,
  type KeywordListQuery,
} from '../../../contract/schemas/site';
import type { Ctx } from '../context';
import * as q from '../../db/sites';
import { findUploadOf } from '../../db/uploads';
import { label } from '../../i18n/messages';
import { invalid, notFound } from '../errors';
import { siteOf } from './sites';
import { isBadText } from '../text';
import { pageWindow } from '../pageWindow';

const formatCount = (n: number) => n.toLocaleString('en-US');

/**
 * A pasted list: one keyword per line, trimmed, blank lines skipped, repeats (ignoring case) kept
 * once. More than MAX_KEYWORD_LINES lines, or a line longer than MAX_KEYWORD_LENGTH, refuses the
 * whole list with the reason.
 */
export function parseKeywordLines(lines: string[], field: string) {
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  if (lines.length > MAX_KEYWORD_LINES) {
    throw invalid('keywords.tooManyLines', { field: label(field), count: formatCount(lines.length), max: formatCount(MAX_KEYWORD_LINES) });
  }
  const seen = new Set<string>();
  const keywords: string[] = [];
  let empty = 0;
  let repeated = 0;
  lines.forEach((line, index) => {
    const keyword = line.replace(/\s+/g, ' ').trim();
    if (!keyword) return void empty++;
    if (keyword.length > MAX_KEYWORD_LENGTH)
      throw invalid('keywords.lineTooLong', { field: label(field), line: index + 1, max: MAX_KEYWORD_LENGTH });
    if (isBadText(keyword)) throw invalid('keywords.badText', { field: label(field), line: index + 1 });
    const key = keyword.toLowerCase();
    if (seen.has(key)) return void repeated++;
    seen.add(key);
    keywords.push(keyword);
  });
  return { keywords, empty, repeated };
}

export const splitLines = (text: string) => text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);

/** A CSV (or plain text) file: the `keyword` column when the first row names one, else the first column. */
export function keywordsFromCsv(text: string): string[] {
  let rows: string[][];
  try {
    rows = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: false, trim: true, bom: true }) as string[][];
  } catch (error) {
    throw invalid('keywords.notCsv', { reason: (error as Error).message });
  }
  const header = rows[0]?.map((cell) => cell.toLowerCase()) ?? [];
  const named = header.findIndex((cell) => ['keyword', 'keywords', '关键词', 'key word'].includes(cell));
  const column = named >= 0 ? named : 0;
  const body = named >= 0 ? rows.slice(1) : rows;
  return body.map((row) => row[column] ?? '');
}

async function store(ctx: Pick<Ctx, 'db'>, accountId: number, siteId: number, lines: string[], field: string): Promise<KeywordAddResult> {
  const site = await siteOf(ctx, accountId, siteId);
  const { keywords, empty, repeated } = parseKeywordLines(lines, field);
  if (keywords.length === 0) throw invalid('keywords.empty', { field: label(field) });
  const added = await ctx.db.transaction((tx) => q.insertKeywords(tx, site.id, accountId, keywords));
  return { added, duplicates: repeated + (keywords.length - added), empty };
}

export const addKeywords = (ctx: Pick<Ctx, 'db'>, accountId: number, siteId: number, text: string) =>
  store(ctx, accountId, siteId, splitLines(text), 'keywords');

export const importKeywordFile = (ctx: Pick<Ctx, 'db'>, accountId: number, siteId: number, content: Buffer) =>
  store(ctx, accountId, siteId, keywordsFromCsv(decodeText(content)), 'file');

/** A keywords file uploaded before through common/upload, by the url or name that call returned. */
export async function importKeywordUpload(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number, siteId: number, upload: string) {
  const storedName = upload.split('/').pop() ?? '';
  const row = await findUploadOf(ctx.db, accountId, storedName);
  if (!row) throw notFound('upload.notYours', { name: upload });
  if (!['text/plain', 'text/csv'].includes(row.mime)) throw invalid('keywords.notAList', { mime: row.mime });
  const content = await fs.promises.readFile(path.join(ctx.config.dataDir, 'uploads', row.storedName));
  return importKeywordFile(ctx, accountId, siteId, content);
}

function decodeText(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw invalid('keywords.notUtf8');
  }
}

/** A site's keywords (a page of them, filtered) and how many are still unused. */
export async function listKeywords(ctx: Pick<Ctx, 'db'>, accountId: number, query: KeywordListQuery): Promise<KeywordList> {
  const { site_id, used, keyword } = query;
  const site = await siteOf(ctx, accountId, site_id);
  const [{ rows, total }, counts] = await Promise.all([
    q.listKeywords(ctx.db, site.id, {
      ...pageWindow(query),
      used: used === undefined ? undefined : used === 1,
      keyword,
    }),
    q.keywordCounts(ctx.db, site.id),
  ]);
  return { list: rows.map(q.toKeyword), total, unused: counts.unused };
}

/** Deletes keywords of the account's site; returns how many were deleted. */
export async function deleteKeywords(ctx: Pick<Ctx, 'db'>, accountId: number, siteId: number, ids: number[]): Promise<number> {
  const site = await siteOf(ctx, accountId, siteId);
  return q.deleteKeywords(ctx.db, site.id, ids);
}
