import type { GenerationConfig } from '../../generationConfig';
import type { CallThrottle } from '../httpRetry';
import type { FetchLike } from '../net/fetchLike';
import { createCoverRenderer } from './coverRenderer';
import { createImageClient } from './openaiImages';
import type { ImageProvider } from './types';

/**
 * The configured image model (IMAGE_BASE_URL, or the account's own), or the embedded cover
 * renderer when none is set; `fetch` calls the model (guarded when an account owner gave its URL).
 */
export function imageProviderFor(g: Pick<GenerationConfig, 'image' | 'llm'>, fetch: FetchLike, throttle?: CallThrottle): ImageProvider {
  if (!g.image.baseUrl) return createCoverRenderer();
  return createImageClient({ ...g.image, maxRetries: g.llm.maxRetries, maxRetryWaitMs: g.llm.maxRetryWaitMs, fetch, throttle });
}
