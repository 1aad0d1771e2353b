import type {
  ProviderLimits,
  ProviderSetBody,
  ProviderSettings,
  ProviderTestBody,
  ProviderTestResult,
} from '../../../contract/schemas/provider';
import { createChatWriter } from '../../providers/llm/openaiChat';
import { ProviderError } from '../../providers/httpRetry';
import { invalid } from '../errors';
import type { Ctx } from '../context';
import type { GenerationConfig } from '../../generationConfig';
import * as q from '../../db/providerSettings';
import { throttlesOf } from '../../providers/throttle';
import { checkSiteUrl } from '../sites/sites';
import { roleCodesOf } from '../../db/accounts';
import { ADMIN_ROLE } from '../access/permissions';
import { isPrivateHost } from '../../providers/net/privateHost';
import { label } from '../../i18n/messages';
import { reasonOf } from '../../i18n/wordedError';
import { maskSecret, seal, secretKeyOf, unseal } from '../secrets';
import { writerFor } from '../../providers/llm/index';
import { imageProviderFor } from '../../providers/image/index';
import { accountFetch } from '../../providers/net/accountFetch';
import type { Writer } from '../../providers/llm/types';
import type { ImageProvider } from '../../providers/image/types';
import { MODEL_PRESETS, presetOf, type OffPeakHours } from '../../../contract/modelPresets';

type Row = q.ProviderSettingsRow;
type LimitsRow = q.ProviderLimitsRow;

const limitsRowOf = (ctx: Pick<Ctx, 'db'>, accountId: number) => q.findProviderLimits(ctx.db, accountId);

/** The limits each service is throttled by: the account's own; for the server's service, the server's where the account set none. */
function effectiveLimits(ctx: Pick<Ctx, 'config'>, row: LimitsRow | null, llm: string, image: string) {
  const g = ctx.config.generation;
  const server = (source: string, value: number | null) => (source === 'server' ? value : null);
  return {
    llm: {
      rpm: row?.llmRpm ?? server(llm, g.llm.limits.rpm),
      tpm: row?.llmTpm ?? server(llm, g.llm.limits.tpm),
      concurrency: row?.llmConcurrency ?? server(llm, g.llm.limits.concurrency),
    },
    image: {
      rpm: row?.imageRpm ?? server(image, g.image.limits.rpm),
      tpm: null,
      concurrency: row?.imageConcurrency ?? server(image, g.image.limits.concurrency),
    },
  };
}

const limitsView = (l: ReturnType<typeof effectiveLimits>): ProviderLimits => ({
  llm_requests_per_minute: l.llm.rpm,
  llm_tokens_per_minute: l.llm.tpm,
  llm_max_concurrency: l.llm.concurrency,
  image_requests_per_minute: l.image.rpm,
  image_max_concurrency: l.image.concurrency,
});

const rowOf = (ctx: Pick<Ctx, 'db'>, accountId: number): Promise<Row | null> => q.findProviderSettings(ctx.db, accountId);

/**
 * Whether the account's own model services may be on private networks (this machine, a LAN): the
 * operator's (the admin role) may, to connect a model running beside the installation; customers'
 * only when the server allows every account (ALLOW_PRIVATE_TARGETS), so an account cannot probe the
 * server's network through its model settings.
 */
async function mayReachPrivate(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number): Promise<boolean> {
  if (ctx.config.allowPrivateTargets) return true;
  return (await roleCodesOf(ctx.db, accountId)).some((r) => r.code === ADMIN_ROLE);
}

/** A model service address: http(s), and refused at once when plainly private and the account may not reach private networks. */
function checkModelUrl(mayPrivate: boolean, raw: string, field: string): string {
  const checked = checkSiteUrl(raw, field);
  const url = new URL(checked);
  if (!mayPrivate && isPrivateHost(url)) throw invalid('provider.privateTarget', { field: label(field), host: url.hostname });
  return checked;
}

/** The generation configuration with the account's own services put over the server's. */
function effectiveConfig(
  ctx: Pick<Ctx, 'config'>,
  row: Row | null,
): { g: GenerationConfig; llm: 'account' | 'server' | 'embedded'; image: 'account' | 'server' | 'embedded' } {
  const g = ctx.config.generation;
  const key = (sealed: string | null) => (sealed ? unseal(secretKeyOf(ctx.config), sealed) : '');
  const llm = row?.llmBaseUrl
    ? { ...g.llm, baseUrl: row.llmBaseUrl, model: row.llmModel || g.llm.model, apiKey: key(row.llmApiKey) }
    : g.llm;
  const image = row?.imageBaseUrl
    ? { ...g.image, baseUrl: row.imageBaseUrl, model: row.imageModel || g.image.model, apiKey: key(row.imageApiKey) }
    : g.image;
  const source = (own: string | undefined, server: string) =>
    (own ? 'account' : server ? 'server' : 'embedded') as 'account' | 'server' | 'embedded';
  return { g: { ...g, llm, image }, llm: source(row?.llmBaseUrl, g.llm.baseUrl), image: source(row?.imageBaseUrl, g.image.baseUrl) };
}

/**
 * The writer and image provider for an account's articles. A service the account gave is called
 * through the guarded fetch (no private networks unless mayReachPrivate); the operator's own
 * (LLM_BASE_URL, IMAGE_BASE_URL) through the plain one, so a model server on localhost works.
 */
export async function providersOf(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number): Promise<{ writer: Writer; images: ImageProvider }> {
  const [row, limitsRow, mayPrivate] = await Promise.all([
    rowOf(ctx, accountId),
    limitsRowOf(ctx, accountId),
    mayReachPrivate(ctx, accountId),
  ]);
  const { g, llm, image } = effectiveConfig(ctx, row);
  const limits = effectiveLimits(ctx, limitsRow, llm, image);
  const fetchFor = (source: 'account' | 'server' | 'embedded') => (source === 'account' ? accountFetch(mayPrivate) : fetch);
  // Every call to a provider goes through its throttle, shared by the processes on this database.
  const throttles = throttlesOf(ctx.db);
  const chatThrottle = g.llm.baseUrl ? throttles.for('chat', g.llm.baseUrl, g.llm.apiKey, limits.llm) : undefined;
  const imageThrottle = g.image.baseUrl ? throttles.for('image', g.image.baseUrl, g.image.apiKey, limits.image) : undefined;
  return { writer: writerFor(g, fetchFor(llm), chatThrottle), images: imageProviderFor(g, fetchFor(image), imageThrottle) };
}

/**
 * The account's model service as its batch API is reached (the same address, key and model as its
 * writer), or null when its articles are written by the embedded writer (nothing to batch).
 */
export async function batchServiceOf(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number, of: 'chat' | 'images' = 'chat') {
  const [row, mayPrivate] = await Promise.all([rowOf(ctx, accountId), mayReachPrivate(ctx, accountId)]);
  const { g, llm, image } = effectiveConfig(ctx, row);
  const source = of === 'chat' ? llm : image;
  if (source === 'embedded') return null;
  const service = of === 'chat' ? g.llm : g.image;
  const reach = source === 'account' ? accountFetch(mayPrivate) : fetch;
  return { baseUrl: service.baseUrl, apiKey: service.apiKey, model: service.model, size: g.image.size, fetch: reach };
}

/**
 * Whether an economy task of the account draws its pictures through its image service's batch API:
 * a preset whose batch API takes image generations, or (as for the chat calls) a service no preset knows.
 */
export async function imageBatchOf(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number): Promise<boolean> {
  const { g, image } = effectiveConfig(ctx, await rowOf(ctx, accountId));
  if (image === 'embedded') return false;
  const preset = presetOf(g.image.baseUrl);
  return !preset || preset.imageBatch === true;
}

/**
 * How an economy task of the account runs on its model service: through the service's batch API
 * (`batch`), or, for a preset without one, interactively within its off-peak hours (`offPeak`,
 * null: it has none, at once). A service no preset knows is taken to speak the batch API.
 */
export async function economyWayOf(
  ctx: Pick<Ctx, 'db' | 'config'>,
  accountId: number,
): Promise<{ batch: true } | { batch: false; offPeak: OffPeakHours | null }> {
  const { g, llm } = effectiveConfig(ctx, await rowOf(ctx, accountId));
  const preset = llm === 'server' && g.llm.preset ? MODEL_PRESETS.find((p) => p.id === g.llm.preset) : presetOf(g.llm.baseUrl);
  if (!preset || preset.batchApi) return { batch: true };
  return { batch: false, offPeak: preset.offPeak ?? null };
}

export async function getProviderSettings(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number): Promise<ProviderSettings> {
  const [row, limitsRow] = await Promise.all([rowOf(ctx, accountId), limitsRowOf(ctx, accountId)]);
  const { g, llm, image } = effectiveConfig(ctx, row);
  const hint = (sealed: string | null | undefined) => (sealed ? maskSecret(unseal(secretKeyOf(ctx.config), sealed)) : '');
  return {
    llm_base_url: row?.llmBaseUrl ?? '',
    llm_model: row?.llmModel ?? '',
    llm_api_key_hint: hint(row?.llmApiKey),
    image_base_url: row?.imageBaseUrl ?? '',
    image_model: row?.imageModel ?? '',
    image_api_key_hint: hint(row?.imageApiKey),
    effective: {
      writer: g.llm.baseUrl ? g.llm.model : 'offline',
      writer_source: llm,
      images: g.image.baseUrl ? g.image.model : 'cover-renderer',
      images_source: image,
    },
    limits: limitsView({
      llm: { rpm: limitsRow?.llmRpm ?? null, tpm: limitsRow?.llmTpm ?? null, concurrency: limitsRow?.llmConcurrency ?? null },
      image: { rpm: limitsRow?.imageRpm ?? null, tpm: null, concurrency: limitsRow?.imageConcurrency ?? null },
    }),
    effective_limits: limitsView(effectiveLimits(ctx, limitsRow, llm, image)),
  };
}

export async function setProviderSettings(ctx: Pick<Ctx, 'db' | 'config'>, accountId: number, body: ProviderSetBody) {
  const sealKey = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null ? null : seal(secretKeyOf(ctx.config), value);
  const mayPrivate = await mayReachPrivate(ctx, accountId);
  const url = (value: string | undefined, field: string) => (value ? checkModelUrl(mayPrivate, value, field) : value);
  const values = {
    llmBaseUrl: url(body.llm_base_url, 'llm_base_url'),
    llmModel: body.llm_model?.trim(),
    llmApiKey: sealKey(body.llm_api_key),
    imageBaseUrl: url(body.image_base_url, 'image_base_url'),
    imageModel: body.image_model?.trim(),
    imageApiKey: sealKey(body.image_api_key),
    updatedAt: new Date(),
  };
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  await q.saveProviderSettings(ctx.db, accountId, set);
  if (body.limits) {
    const l = body.limits;
    const limits = Object.fromEntries(
      Object.entries({
        llmRpm: l.llm_requests_per_minute,
        llmTpm: l.llm_tokens_per_minute,
        llmConcurrency: l.llm_max_concurrency,
        imageRpm: l.image_requests_per_minute,
        imageConcurrency: l.image_max_concurrency,
      }).filter(([, v]) => v !== undefined),
    );
    const changes = { ...limits, updatedAt: new Date() };
    await q.saveProviderLimits(ctx.db, accountId, changes);
  }
  return getProviderSettings(ctx, accountId);
}

/**
 * Test connection: one tiny chat completion (a few tokens, no retries, 20 s at most) with the
 * fields given over the saved ones. The account's URL is called through the guarded fetch (unless
 * mayReachPrivate), the server's own (LLM_BASE_URL) through the plain one. A refusal comes back with the service's reason.
 */
export async function testProvider(
  ctx: Pick<Ctx, 'db' | 'config'>,
  accountId: number,
  body: ProviderTestBody,
): Promise<ProviderTestResult> {
  const [row, mayPrivate] = await Promise.all([rowOf(ctx, accountId), mayReachPrivate(ctx, accountId)]);
  const g = ctx.config.generation;
  const baseUrl = body.llm_base_url ? checkModelUrl(mayPrivate, body.llm_base_url, 'llm_base_url') : row?.llmBaseUrl || g.llm.baseUrl;
  if (!baseUrl) throw invalid('provider.noBaseUrl');
  const own = Boolean(body.llm_base_url || row?.llmBaseUrl);
  const savedKey = own ? (row?.llmApiKey ? unseal(secretKeyOf(ctx.config), row.llmApiKey) : '') : g.llm.apiKey;
  const model = body.llm_model?.trim() || (own ? row?.llmModel : '') || g.llm.model;
  const writer = createChatWriter({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: body.llm_api_key ?? savedKey,
    model,
    stream: false,
    timeoutMs: 20_000,
    maxRetries: 0,
    maxRetryWaitMs: 0,
    maxContinuations: 0,
    fetch: own ? accountFetch(mayPrivate) : fetch,
  });
  const started = Date.now();
  let reply: string;
  try {
    reply = await writer.complete({
      step: 'outline',
      system: 'This is a connection test. Answer with the single word OK.',
      prompt: 'Say OK.',
      values: { keyword: '', title: '', language: 'en', site: '', word_count: '0', outline: '' },
      maxTokens: 16,
    });
  } catch (error) {
    // Stopping at the tiny token limit still proves the service, the key and the model work.
    if (error instanceof ProviderError && /token limit/.test(error.message)) reply = '';
    else if (error instanceof ProviderError) throw invalid('provider.unexpectedAnswer', { reason: reasonOf(error) });
    else throw error;
  }
  return { model, reply: reply.trim().slice(0, 200), latency_ms: Date.now() - started };
}
