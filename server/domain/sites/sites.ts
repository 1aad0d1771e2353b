import type {
  Category,
  CategoryFetchResult,
  Site,
  SiteAddBody,
  SiteEditBody,
  SiteListQuery,
  SiteTestResult,
  SiteType,
  SiteUser,
} from '../../../contract/schemas/site';
import type { List } from '../../../contract/schemas/common';
import type { Ctx } from '../context';
import * as q from '../../db/sites';
import { countUnfinishedTasksOfSite } from '../../db/generationTasks';
import type { Language } from '../../../contract/languages';
import { label, message, render, type Message } from '../../i18n/messages';
import { readReason, storeReason } from '../../i18n/storedText';
import { reasonOf } from '../../i18n/wordedError';
import { invalid, notFound } from '../errors';
import { slugify } from '../articles/slug';
import { maskSecret, seal, secretKeyOf, SecretUnreadableError, unseal } from '../secrets';
import { RemoteError, type RemoteTarget } from '../../providers/publish/remoteCall';
import { accountFetch } from '../../providers/net/accountFetch';
import { isPrivateHost } from '../../providers/net/privateHost';
import { RefusedTargetError } from '../../providers/net/refusedTarget';
import {
  checkWordPress,
  fetchWordPressCategories,
  fetchWordPressUsers,
  type WordPressCredentials,
} from '../../providers/publish/wordpress';
import { pingWebhook, type WebhookCredentials } from '../../providers/publish/webhook';
import { pageWindow } from '../pageWindow';

export type SiteCredentials = Partial<WordPressCredentials & WebhookCredentials>;
type CredentialInput = Pick<SiteAddBody, 'username' | 'app_password' | 'webhook_url' | 'secret'>;

/** The site, if this account owns it; another account's site is as unknown as a missing one. */
export async function siteOf(ctx: Pick<Ctx, 'db'>, accountId: number, siteId: number) {
  const site = await q.findSite(ctx.db, accountId, siteId);
  if (!site) throw notFound('site.notFound', { id: siteId });
  return site;
}

/** Scheme http(s) and a host: checked here as well as by the schema, so no other scheme slips in. */
export function checkSiteUrl(raw: string, field: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid('site.notAUrl', { field: label(field), value: raw });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalid('site.schemeRefused', { field: label(field), scheme: url.protocol.replace(':', '') });
  if (!url.hostname) throw invalid('site.noHost', { field: label(field) });
  if (url.username || url.password) throw invalid('site.credentialsInUrl', { field: label(field) });
  return url.toString().replace(/\/+$/, '');
}

/**
 * A URL the server will call (a WordPress site, a webhook, a model service): checkSiteUrl, and
 * refused at once when its host is plainly private (a literal private IP, localhost), unless
 * ALLOW_PRIVATE_TARGETS. Early feedback only: the guard that counts is made when connecting.
 */
export function checkTargetUrl(config: Pick<Ctx['config'], 'allowPrivateTargets'>, raw: string, field: string): string {
  const checked = checkSiteUrl(raw, field);
  const url = new URL(checked);
  if (!config.allowPrivateTargets && isPrivateHost(url))
    throw invalid('site.privateTarget', { field: label(field), reason: RefusedTargetError.privateHost(url.hostname).reason });
  return checked;
}

/** How this server calls account owners' sites: their timeout, and a fetch that keeps off private networks unless allowed. */
function remoteTarget(ctx: Pick<Ctx, 'config'>): RemoteTarget {
  return { timeoutMs: ctx.config.generation.siteTimeoutMs, fetch: accountFetch(ctx.config.allowPrivateTargets) };
}

/** The credentials a type needs, from the request; null when none were sent. */
function credentialsFrom(ctx: Pick<Ctx, 'config'>, type: SiteType, input: CredentialInput, required: boolean): SiteCredentials | null {
  const sent = [input.username, input.app_password, input.webhook_url, input.secret].some((v) => v !== undefined);
  if (!sent && !required) return null;
  if (type === 'wordpress') {
    if (!input.username) throw invalid('site.usernameNeeded');
    if (!input.app_password) throw invalid('site.appPasswordNeeded');
    if (input.webhook_url !== undefined || input.secret !== undefined) throw invalid('site.webhookFieldsNotForWordPress');
    return { username: input.username.trim(), app_password: input.app_password.trim() };
  }
  if (type === 'webhook') {
    if (!input.webhook_url) throw invalid('site.webhookUrlNeeded');
    if (!input.secret) throw invalid('site.secretNeeded');
    if (input.username !== undefined || input.app_password !== undefined) throw invalid('site.wordPressFieldsNotForWebhook');
    return { webhook_url: checkTargetUrl(ctx.config, input.webhook_url, 'webhook_url'), secret: input.secret };
  }
  if (sent) throw invalid('site.exportNoCredentials');
  return null;
}

function hintOf(type: SiteType, c: SiteCredentials | null): string {
  if (!c) return '';
  if (type === 'wordpress') return `${c.username} · ${maskSecret(c.app_password ?? '')}`;
  if (type === 'webhook') return `${new URL(c.webhook_url ?? '').origin}/… · ${maskSecret(c.secret ?? '')}`;
  return '';
}

export function credentialsOf(ctx: Pick<Ctx, 'config'>, site: q.SiteRow): SiteCredentials | null {
  if (!site.credentials) return null;
  return JSON.parse(unseal(secretKeyOf(ctx.config), site.credentials)) as SiteCredentials;
}

async function checkDefaultCategory(ctx: Pick<Ctx, 'db'>, siteId: number | null, categoryId: number | null | undefined) {
  if (categoryId === undefined || categoryId === null) return;
  if (siteId === null || !(await q.findCategory(ctx.db, siteId, categoryId))) {
    throw invalid('site.noDefaultCategory', { id: categoryId });
  }
}

/** A site as `language` reads it: its last test connection's answer worded for the reader. */
const siteView = (language: Language, row: q.SiteRow, counts: { total: number; unused: number }): Site => {
  const site = q.toSite(row, counts);
  return { ...site, last_check_message: readReason(language, site.last_check_message) };
};

/** The account's sites, newest first, with their keyword counts. */
export async function listSites(ctx: Pick<Ctx, 'db'>, accountId: number, query: SiteListQuery, language: Language): Promise<List<Site>> {
  const { name } = query;
  const { rows, total } = await q.listSites(ctx.db, accountId, { ...pageWindow(query), name });
  return { list: rows.map((r) => siteView(language, r.site, { total: r.keywordCount, unused: r.unusedCount })), total };
}

export async function addSite(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number, body: SiteAddBody): Promise<Site> {
  // Only a WordPress site's own URL is called (webhooks post to webhook_url).
  const url = body.type === 'wordpress' ? checkTargetUrl(ctx.config, body.url, 'url') : checkSiteUrl(body.url, 'url');
  if (body.default_category_id) throw invalid('site.newSiteNoCategories');
  const credentials = credentialsFrom(ctx, body.type, body, true);
  const row = await q.insertSite(ctx.db, {
    accountId,
    name: body.name.trim(),
    url,
    language: body.language ?? 'en',
    type: body.type,
    status: body.status ?? 'enabled',
    credentials: credentials ? seal(secretKeyOf(ctx.config), JSON.stringify(credentials)) : null,
    credentialsHint: hintOf(body.type, credentials),
  });
  return q.toSite(row, { total: 0, unused: 0 });
}

export async function editSite(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number, body: SiteEditBody, language: Language): Promise<Site> {
  const site = await siteOf(ctx, accountId, body.id);
  const type = body.type ?? (site.type as SiteType);
  const credentials = credentialsFrom(ctx, type, body, type !== site.type && type !== 'export');
  await checkDefaultCategory(ctx, site.id, body.default_category_id);
  // A site that becomes WordPress will have its URL called: the stored one too, when no new one is sent.
  if (body.url === undefined && type === 'wordpress' && site.type !== 'wordpress') checkTargetUrl(ctx.config, site.url, 'url');
  const changes: Parameters<typeof q.updateSite>[2] = {
    name: body.name?.trim(),
    url:
      body.url === undefined
        ? undefined
        : type === 'wordpress'
          ? checkTargetUrl(ctx.config, body.url, 'url')
          : checkSiteUrl(body.url, 'url'),
    language: body.language,
    type,
    status: body.status,
    defaultCategoryId: body.default_category_id,
  };
  if (credentials || type === 'export') {
    changes.credentials = credentials ? seal(secretKeyOf(ctx.config), JSON.stringify(credentials)) : null;
    changes.credentialsHint = hintOf(type, credentials);
    changes.lastCheckOk = null;
    changes.lastCheckMessage = '';
    changes.lastCheckAt = null;
  }
  const row = await q.updateSite(ctx.db, site.id, changes);
  return siteView(language, row, await q.keywordCounts(ctx.db, row.id));
}

export async function deleteSite(ctx: Pick<Ctx, 'db'>, accountId: number, siteId: number) {
  const site = await siteOf(ctx, accountId, siteId);
  const unfinished = await countUnfinishedTasksOfSite(ctx.db, site.id);
  if (unfinished > 0) throw invalid('site.unfinishedTasks', { count: unfinished });
  await q.deleteSite(ctx.db, site.id);
}

/** "Test connection": the credentials are tried against the site, with a timeout and a clear reason. */
export async function testSite(
  ctx: Pick<Ctx, 'db' | 'config' | 'now'>,
  accountId: number,
  siteId: number,
  language: Language,
): Promise<SiteTestResult> {
  const site = await siteOf(ctx, accountId, siteId);
  const started = performance.now();
  let ok = true;
  let answer: Message | string;
  try {
    answer = await tryConnection(ctx, site);
  } catch (error) {
    if (!(error instanceof RemoteError) && !(error instanceof SecretUnreadableError)) throw error;
    ok = false;
    answer = reasonOf(error);
  }
  const latency = Math.round(performance.now() - started);
  await q.updateSite(ctx.db, site.id, { lastCheckOk: ok, lastCheckMessage: storeReason(answer), lastCheckAt: ctx.now() });
  return { ok, message: typeof answer === 'string' ? answer : render(language, answer), latency_ms: latency };
}

/** Nothing to try with: reported like a refused connection. */
class MissingCredentials extends RemoteError {}

async function tryConnection(ctx: Pick<Ctx, 'config' | 'now'>, site: q.SiteRow): Promise<Message> {
  const target = remoteTarget(ctx);
  if (site.type === 'export') return message('connection.exportNeedsNone');
  const c = credentialsOf(ctx, site);
  if (site.type === 'wordpress') {
    if (!c?.username || !c.app_password) throw new MissingCredentials(message('site.noWordPressCredentials'));
    return checkWordPress(site.url, { username: c.username, app_password: c.app_password }, target);
  }
  if (!c?.webhook_url || !c.secret) throw new MissingCredentials(message('connection.noWebhookCredentials'));
  return pingWebhook({ webhook_url: c.webhook_url, secret: c.secret }, site.id, ctx.now(), target);
}

export async function listCategories(ctx: Pick<Ctx, 'db'>, accountId: number, siteId: number): Promise<List<Category>> {
  const site = await siteOf(ctx, accountId, siteId);
  const list = (await q.listCategories(ctx.db, site.id)).map(q.toCategory);
  return { list, total: list.length };
}

export async function addCategory(
  ctx: Pick<Ctx, 'db'>,
  accountId: number,
  body: { site_id: number; name: string; slug?: string },
): Promise<Category> {
  const site = await siteOf(ctx, accountId, body.site_id);
  const name = body.name.trim();
  if (!name) throw invalid('site.categoryNameBlank');
  if (await q.findCategoryByName(ctx.db, site.id, name)) throw invalid('site.categoryExists', { name });
  return q.toCategory(await q.insertCategory(ctx.db, { siteId: site.id, name, slug: body.slug || slugify(name) }));
}

/** A WordPress site of the account and the login its REST API is read with; refused for another type or without one. */
async function wordPressLogin(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number, siteId: number) {
  const site = await siteOf(ctx, accountId, siteId);
  if (site.type !== 'wordpress') throw invalid('site.onlyWordPressFetches', { type: site.type });
  let c: SiteCredentials | null;
  try {
    c = credentialsOf(ctx, site);
  } catch (error) {
    if (error instanceof SecretUnreadableError) throw invalid('site.secretUnreadable', { reason: error.reason });
    throw error;
  }
  if (!c?.username || !c.app_password) throw invalid('site.noWordPressCredentials');
  return { site, login: { username: c.username, app_password: c.app_password } };
}

/** WordPress: the site's categories, fetched from its REST API and stored. Other types have none to fetch. */
export async function fetchCategories(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number, siteId: number): Promise<CategoryFetchResult> {
  const { site, login } = await wordPressLogin(ctx, accountId, siteId);
  let remote;
  try {
    remote = await fetchWordPressCategories(site.url, login, remoteTarget(ctx));
  } catch (error) {
    if (error instanceof RemoteError) throw invalid('site.fetchFailed', { reason: error.message });
    throw error;
  }
  await ctx.db.transaction((tx) => q.upsertRemoteCategories(tx, site.id, remote));
  const list = (await q.listCategories(ctx.db, site.id)).map(q.toCategory);
  return { fetched: remote.length, list, total: list.length };
}

/** WordPress: the site's users, read from its REST API when asked (an article's author is chosen from them). */
export async function siteUsers(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number, siteId: number): Promise<List<SiteUser>> {
  const { site, login } = await wordPressLogin(ctx, accountId, siteId);
  try {
    const list = await fetchWordPressUsers(site.url, login, remoteTarget(ctx));
    return { list, total: list.length };
  } catch (error) {
    if (error instanceof RemoteError) throw invalid('site.fetchFailed', { reason: error.message });
    throw error;
  }
}
