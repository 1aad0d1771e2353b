import { MODEL_PRESETS } from '../contract/modelPresets';

/**
 * Configuration of article generation: prices, providers, workers and the key that seals site
 * credentials (README: "Configuration"). Part of Config as `config.generation`.
 */
export interface ProviderEndpoint {
  /** OpenAI-compatible base URL, e.g. `https://api.openai.com/v1`; empty: the embedded provider. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

/** A provider's limits (null: unknown, learned from its answers). */
export interface ProviderLimits {
  rpm: number | null;
  tpm: number | null;
  concurrency: number | null;
}

/** The largest limits accepted (configuration and the provider screen): anything past is a typo. */
export const LIMIT_MAX = { rpm: 1_000_000, tpm: 1_000_000_000, concurrency: 10_000 } as const;

export interface GenerationConfig {
  /** SECRET_KEY: seals site credentials (AES-256-GCM). Unset: DATA_DIR/secret.key, made on first start. */
  secretKey: string | null;
  /** Points one generated article costs (PRICE_ARTICLE). */
  priceArticle: number;
  /** Points one generated image costs (PRICE_IMAGE). */
  priceImage: number;
  /** Images of an article with images on: the cover and in-article ones (IMAGES_PER_ARTICLE). */
  imagesPerArticle: number;
  /** Economy mode's article price, in percent of PRICE_ARTICLE (ECONOMY_PRICE_PERCENT; the batch APIs bill half). */
  economyPricePercent: number;
  /** How often an economy task's open batches are asked for their status, seconds (BATCH_POLL_SECONDS). */
  batchPollSeconds: number;
  llm: ProviderEndpoint & {
    /**
     * The model preset the server's own service is billed as (LLM_PRESET, e.g. `deepseek` for a
     * gateway in front of DeepSeek): its batch API or off-peak hours decide how economy tasks run.
     * Empty: the preset its address is, if any.
     */
    preset: string;
    /** Ask for streamed answers (server-sent events). */
    stream: boolean;
    /** Attempts after the first on 429 and 5xx. */
    maxRetries: number;
    /** The longest wait a Retry-After may impose before a retry. */
    maxRetryWaitMs: number;
    /** LLM_REQUESTS_PER_MINUTE, LLM_TOKENS_PER_MINUTE, LLM_MAX_CONCURRENCY (the server's own service). */
    limits: ProviderLimits;
  };
  /** IMAGE_REQUESTS_PER_MINUTE, IMAGE_MAX_CONCURRENCY (image models are limited by images, not tokens). */
  image: ProviderEndpoint & { size: string; limits: ProviderLimits };
  /** Run the generation workers in this process (WORKERS=0: API only; `npm run worker`: workers only). */
  workers: boolean;
  /**
   * Articles one process holds at once (WORKER_CONCURRENCY): a bound on memory and sockets. How many
   * calls run at once is the providers' throttles' business (their limits × latency).
   */
  workerConcurrency: number;
  /** Idle polling of the job queue, seconds (≥ 0.5); new jobs also wake workers at once (LISTEN/NOTIFY). */
  jobPollSeconds: number;
  /** A worker that stops renewing its claim for this long is taken for dead and its item runs again. */
  leaseSeconds: number;
  /** How long a customer's site may take to answer a test or a category fetch (SITE_TIMEOUT_MS). */
  siteTimeoutMs: number;
  /** Publishing: points one article × site costs (PRICE_PUBLISH). */
  pricePublish: number;
  /** Attempts of a publishing item before a transient fault (timeout, 429, 5xx) fails it (PUBLISH_MAX_ATTEMPTS). */
  publishMaxAttempts: number;
  /** The first retry's wait, doubled each attempt up to 1 hour (PUBLISH_RETRY_SECONDS). */
  publishRetrySeconds: number;
  /** How long a site may take to answer one publishing call, an upload included (PUBLISH_TIMEOUT_MS). */
  publishTimeoutMs: number;
  /** How many internal links a post gets, and an older post may be given (server/domain/links/internalLinks.ts). */
  internalLinks: InternalLinkLimits;
}

/** The per-article limits of internal links. */
export interface InternalLinkLimits {
  /** The fewest live pages a new post links to, when the site has that many (INTERNAL_LINKS_LEAST). */
  least: number;
  /** The most related pages a new post links to, never below `least` (INTERNAL_LINKS_MOST). */
  most: number;
  /** The most links added to one older post in all, undone ones not counted (INTERNAL_LINKS_ADDED_PER_POST). */
  addedPerPost: number;
}

const int = (env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number => {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${value}"`);
  return n;
};

const seconds = (env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number => {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number of seconds ≥ ${min}, got "${value}"`);
  return n;
};

/** A limit: unset or empty is unknown; 0, negative, not whole or absurd stops the start with the reason. */
const limit = (env: NodeJS.ProcessEnv, name: string, max: number): number | null => {
  const value = env[name];
  if (value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new Error(`${name} must be a whole number from 1 to ${max} (unset: learned from the provider), got "${value}"`);
  return n;
};

const baseUrl = (env: NodeJS.ProcessEnv, name: string): string => {
  const value = (env[name] ?? '').trim().replace(/\/+$/, '');
  if (value && !/^https?:\/\/[^/]+/i.test(value)) throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return value;
};

const presetId = (env: NodeJS.ProcessEnv, name: string) => {
  const value = (env[name] ?? '').trim();
  if (value && !MODEL_PRESETS.some((p) => p.id === value))
    throw new Error(`${name} must be one of ${MODEL_PRESETS.map((p) => p.id).join(', ')}, got "${value}"`);
  return value;
};

export function loadGenerationConfig(env: NodeJS.ProcessEnv): GenerationConfig {
  return {
    secretKey: env.SECRET_KEY || null,
    priceArticle: int(env, 'PRICE_ARTICLE', 10),
    priceImage: int(env, 'PRICE_IMAGE', 2),
    imagesPerArticle: int(env, 'IMAGES_PER_ARTICLE', 3, 1),
    economyPricePercent: int(env, 'ECONOMY_PRICE_PERCENT', 50),
    batchPollSeconds: seconds(env, 'BATCH_POLL_SECONDS', 30, 0.1),
    llm: {
      baseUrl: baseUrl(env, 'LLM_BASE_URL'),
      preset: presetId(env, 'LLM_PRESET'),
      apiKey: env.LLM_API_KEY ?? '',
      model: env.LLM_MODEL || 'gpt-4o-mini',
      timeoutMs: int(env, 'LLM_TIMEOUT_MS', 120_000, 1),
      stream: env.LLM_STREAM === '1',
      maxRetries: int(env, 'LLM_MAX_RETRIES', 3),
      maxRetryWaitMs: int(env, 'LLM_MAX_RETRY_WAIT_MS', 30_000),
      limits: {
        rpm: limit(env, 'LLM_REQUESTS_PER_MINUTE', LIMIT_MAX.rpm),
        tpm: limit(env, 'LLM_TOKENS_PER_MINUTE', LIMIT_MAX.tpm),
        concurrency: limit(env, 'LLM_MAX_CONCURRENCY', LIMIT_MAX.concurrency),
      },
    },
    image: {
      baseUrl: baseUrl(env, 'IMAGE_BASE_URL'),
      apiKey: env.IMAGE_API_KEY ?? '',
      model: env.IMAGE_MODEL || 'gpt-image-1',
      timeoutMs: int(env, 'IMAGE_TIMEOUT_MS', 120_000, 1),
      size: env.IMAGE_SIZE || '1024x1024',
      limits: {
        rpm: limit(env, 'IMAGE_REQUESTS_PER_MINUTE', LIMIT_MAX.rpm),
        tpm: null,
        concurrency: limit(env, 'IMAGE_MAX_CONCURRENCY', LIMIT_MAX.concurrency),
      },
    },
    workers: env.WORKERS !== '0',
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', 32, 1),
    jobPollSeconds: seconds(env, 'JOB_POLL_SECONDS', 2, 0.5),
    leaseSeconds: seconds(env, 'JOB_LEASE_SECONDS', 120, 1),
    siteTimeoutMs: int(env, 'SITE_TIMEOUT_MS', 10_000, 1),
    pricePublish: int(env, 'PRICE_PUBLISH', 0),
    publishMaxAttempts: int(env, 'PUBLISH_MAX_ATTEMPTS', 5, 1),
    publishRetrySeconds: seconds(env, 'PUBLISH_RETRY_SECONDS', 30, 0.1),
    publishTimeoutMs: int(env, 'PUBLISH_TIMEOUT_MS', 30_000, 1),
    internalLinks: internalLinkLimits(env),
  };
}

function internalLinkLimits(env: NodeJS.ProcessEnv): InternalLinkLimits {
  const least = int(env, 'INTERNAL_LINKS_LEAST', 3);
  return {
    least,
    most: Math.max(least, int(env, 'INTERNAL_LINKS_MOST', Math.max(least, 5))),
    addedPerPost: int(env, 'INTERNAL_LINKS_ADDED_PER_POST', 3),
  };
}
