import type { GenerationConfig } from '../../generationConfig';
import type { CallThrottle } from '../httpRetry';
import type { FetchLike } from '../net/fetchLike';
import { createChatWriter } from './openaiChat';
import { createOfflineWriter } from './offline';
import type { Writer } from './types';

/**
 * The configured model (LLM_BASE_URL, or the account's own), or the embedded offline writer when
 * none is set; `fetch` calls the model (guarded when an account owner gave its URL).
 */
export function writerFor(g: Pick<GenerationConfig, 'llm'>, fetch: FetchLike, throttle?: CallThrottle): Writer {
  const llm = g.llm;
  if (!llm.baseUrl) return createOfflineWriter();
  return createChatWriter({ ...llm, fetch, throttle });
}
