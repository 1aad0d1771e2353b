import type { Ctx } from '../context';
import { findArticle } from '../../db/articles';
import { notFound } from '../errors';

/** The account's article, or not found: what every action on one article starts from. */
export async function articleOf(ctx: Pick<Ctx, 'db'>, accountId: number, id: number) {
  const row = await findArticle(ctx.db, accountId, id);
  if (!row) throw notFound('articleRefusal.notFound', { id });
  return row;
}
