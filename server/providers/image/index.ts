import type { GenerationConfig } from '../../generationConfig';
import { createCoverRenderer } from './coverRenderer';
import { createImageClient } from './openaiImages';
import type { ImageProvider } from './types';

/** The configured image model (IMAGE_BASE_URL), or the embedded cover renderer when none is set. */
export function imageProviderFor(g: Pick<GenerationConfig, 'image' | 'llm'>): ImageProvider {
  if (!g.image.baseUrl) return createCoverRenderer();
  return createImageClient({ ...g.image, maxRetries: g.llm.maxRetries, maxRetryWaitMs: g.llm.maxRetryWaitMs });
}
