import type { GenerationTaskAddBody } from '../../../contract/schemas/generationTask';
import { MAX_TASK_ITEMS } from '../../../contract/schemas/generationTask';
import type { Ctx } from '../context';
import * as q from '../../db/generationTasks';
import * as sitesDb from '../../db/sites';
import { invalid } from '../errors';
import { parseKeywordLines, splitLines } from '../sites/keywords';

/**
 * Which keywords a generation task writes about, decided once for the task's add and for its quote,
 * so the quote counts exactly the articles the task will charge.
 */

/** What a task names its keywords by (the add's and the quote's fields). */
export type KeywordChoice = Pick<GenerationTaskAddBody, 'keyword_ids' | 'keywords' | 'count' | 'include_written'>;

/** A keyword a task would write about; a pasted one the site does not have yet has no id until the add saves it. */
export interface PlannedKeyword {
  id: number | null;
  keyword: string;
}

/**
 * The keywords named, in order: `keyword_ids` (of the site), a pasted list (added to the site's
 * keywords when `save`), or the site's `count` oldest unused ones; `count` also caps a list.
 */
async function chosenKeywords(
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  siteId: number,
  body: KeywordChoice,
  save: boolean,
): Promise<PlannedKeyword[]> {
  if (body.keyword_ids && body.keywords) throw invalid('generation.idsOrKeywords');
  let rows: PlannedKeyword[];
  if (body.keyword_ids) {
    const ids = [...new Set(body.keyword_ids)];
    const found = await sitesDb.findKeywordsByIds(ctx.db, siteId, ids);
    const known = new Set(found.map((r) => r.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) throw invalid('generation.notKeywordsOfSite', { ids: missing.slice(0, 10).join(', ') });
    const order = new Map(ids.map((id, i) => [id, i]));
    rows = found.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  } else if (body.keywords) {
    const { keywords } = parseKeywordLines(splitLines(body.keywords), 'keywords');
    if (keywords.length === 0) throw invalid('generation.emptyList');
    if (save) await sitesDb.insertKeywords(ctx.db, siteId, accountId, keywords);
    const byText = new Map((await sitesDb.findKeywordsByText(ctx.db, siteId, keywords)).map((r) => [r.keyword.toLowerCase(), r]));
    rows = keywords.flatMap((k): PlannedKeyword[] => {
      const row = byText.get(k.toLowerCase());
      if (row) return [row];
      return save ? [] : [{ id: null, keyword: k }];
    });
  } else {
    if (!body.count) throw invalid('generation.whatToWrite');
    rows = await sitesDb.unusedKeywords(ctx.db, siteId, body.count);
    if (rows.length < body.count) throw invalid('generation.tooFewUnused', { unused: rows.length, count: body.count });
  }
  if (body.count) rows = rows.slice(0, body.count);
  if (rows.length > MAX_TASK_ITEMS) throw invalid('generation.tooMany', { max: MAX_TASK_ITEMS });
  return rows;
}

/**
 * The keywords a task writes, and those it leaves out: a keyword that already has an article on the
 * site, or one on its way in another task, would be a duplicate page unless `include_written` asks for it.
 * With `save` (the add) pasted keywords join the site's keywords; without (the quote) nothing is written.
 */
export async function plannedKeywords(ctx: Pick<Ctx, 'db'>, accountId: number, siteId: number, body: KeywordChoice, save: boolean) {
  const chosen = await chosenKeywords(ctx, accountId, siteId, body, save);
  if (chosen.length === 0) throw invalid('generation.noKeywords');
  const taken = body.include_written
    ? new Set<number>()
    : await q.writtenOrUnderway(
        ctx.db,
        chosen.flatMap((k) => (k.id === null ? [] : [k.id])),
      );
  const isTaken = (k: PlannedKeyword) => k.id !== null && taken.has(k.id);
  return { keywords: chosen.filter((k) => !isTaken(k)), skipped: chosen.filter(isTaken).map((k) => k.keyword) };
}
