import type { GenerationConfig } from '../../generationConfig';
import { createChatWriter } from './openaiChat';
import { createOfflineWriter } from './offline';
import type { Writer } from './types';

/** The configured model (LLM_BASE_URL), or the embedded offline writer when none is set. */
export function writerFor(g: Pick<GenerationConfig, 'llm'>): Writer {
  const llm = g.llm;
  if (!llm.baseUrl) return createOfflineWriter();
  return createChatWriter({ ...llm });
}
