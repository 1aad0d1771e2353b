import { PROMPT_KINDS, type Prompt, type PromptKind, type PromptListQuery } from '../../../contract/schemas/prompt';
import type { List } from '../../../contract/schemas/common';
import { dateTime } from '../../../contract/dateTime';
import type { Ctx } from '../context';
import type { DbOrTx } from '../../db/connection';
import { hasChanges } from '../changes';
import * as q from '../../db/prompts';
import { forbidden, invalid, notFound } from '../errors';
import { BUILT_IN_PROMPTS, SAMPLE_VALUES, checkTemplate, renderTemplate, variablesOf, type PromptValues } from './promptTemplates';
import { pageWindow } from '../pageWindow';

/** Keeps the built-in prompts in the database equal to the code's, one per kind (run at start). */
export async function ensureBuiltInPrompts(db: DbOrTx) {
  const existing = new Map((await q.builtInPrompts(db)).map((row) => [row.kind, row]));
  for (const kind of PROMPT_KINDS) {
    const wanted = BUILT_IN_PROMPTS[kind];
    const row = existing.get(kind);
    if (!row)
      await q.insertPrompt(db, { accountId: null, kind, name: wanted.name, content: wanted.content, builtIn: true }).catch(ignoreRace);
    else if (row.content !== wanted.content || row.name !== wanted.name)
      await q.updatePrompt(db, row.id, { name: wanted.name, content: wanted.content });
  }
}

/** Two processes starting at once on one PostgreSQL: the unique index keeps one, the other's insert is moot. */
const ignoreRace = (error: { code?: string; cause?: { code?: string } }) => {
  if (error.code !== '23505' && error.cause?.code !== '23505') throw error;
};

export async function usablePrompt(ctx: Pick<Ctx, 'db'>, accountId: number, id: number) {
  const row = await q.findUsablePrompt(ctx.db, accountId, id);
  if (!row) throw notFound('prompt.notFound', { id });
  return row;
}

async function ownPrompt(ctx: Pick<Ctx, 'db'>, accountId: number, id: number) {
  const row = await usablePrompt(ctx, accountId, id);
  if (row.builtIn) throw forbidden('prompt.builtInReadOnly');
  return row;
}

const toPrompt = (row: q.PromptRow): Prompt => ({
  id: row.id,
  kind: row.kind as Prompt['kind'],
  name: row.name,
  content: row.content,
  built_in: row.builtIn,
  variables: variablesOf(row.content),
  created_at: dateTime(row.createdAt),
  updated_at: dateTime(row.updatedAt),
});

/** The account's own templates and the built-in default of each kind. */
export async function listPrompts(ctx: Pick<Ctx, 'db'>, accountId: number, query: PromptListQuery): Promise<List<Prompt>> {
  const { kind } = query;
  const { rows, total } = await q.listPrompts(ctx.db, accountId, { ...pageWindow(query), kind });
  return { list: rows.map(toPrompt), total };
}

export async function addPrompt(
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  body: { kind: PromptKind; name: string; content: string },
): Promise<Prompt> {
  checkTemplate(body.content);
  if (!body.name.trim()) throw invalid('prompt.nameBlank');
  return toPrompt(
    await q.insertPrompt(ctx.db, { accountId, kind: body.kind, name: body.name.trim(), content: body.content, builtIn: false }),
  );
}

export async function editPrompt(
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  body: { id: number; name?: string; content?: string },
): Promise<Prompt> {
  const row = await ownPrompt(ctx, accountId, body.id);
  if (body.content !== undefined) checkTemplate(body.content);
  if (body.name !== undefined && !body.name.trim()) throw invalid('prompt.nameBlank');
  const changes = { name: body.name?.trim(), content: body.content };
  return toPrompt(hasChanges(changes) ? await q.updatePrompt(ctx.db, row.id, changes) : row);
}

export async function deletePrompt(ctx: Pick<Ctx, 'db'>, accountId: number, id: number) {
  const row = await ownPrompt(ctx, accountId, id);
  await q.deletePrompt(ctx.db, row.id);
}

export async function previewPrompt(
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  body: { id?: number; content?: string; values?: Partial<PromptValues> },
) {
  if ((body.id === undefined) === (body.content === undefined)) throw invalid('prompt.idOrContent');
  const content = body.content ?? (await usablePrompt(ctx, accountId, body.id as number)).content;
  checkTemplate(content);
  return { text: renderTemplate(content, { ...SAMPLE_VALUES, ...body.values }), variables: variablesOf(content) };
}
