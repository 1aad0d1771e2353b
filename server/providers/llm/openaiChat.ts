import { ProviderError, withRetries, type CallThrottle, type RetryPolicy } from '../httpRetry';
import { message, type Message as Worded } from '../../i18n/messages';
import type { FetchLike } from '../net/fetchLike';
import type { CompletionRequest, Writer } from './types';

export interface ChatOptions extends RetryPolicy {
  baseUrl: string;
  apiKey: string;
  model: string;
  stream: boolean;
  /** Continuations asked for when an answer stops at the token limit (finish_reason "length"). */
  maxContinuations?: number;
  /** The plain fetch for the operator's service (LLM_BASE_URL), the guarded one for an account's own. */
  fetch: FetchLike;
  /** The provider's shared throttle (requests and tokens a minute, calls at once). */
  throttle?: CallThrottle;
}

interface Message {
  role: 'system' | 'user' | 'assistant';
  content: string;
}
interface Answer {
  text: string;
  finishReason: string | null;
}

/**
 * An OpenAI-compatible chat-completions client (OpenAI, DeepSeek, Ollama, vLLM, llama.cpp server):
 * plain JSON or streamed server-sent events, with timeouts and bounded retries. An answer cut at
 * the token limit is continued (at most twice), then refused; an answer that is not a chat
 * completion is refused with what was wrong.
 */
export function createChatWriter(options: ChatOptions): Writer {
  const service = message('modelAnswer.chatService', { host: new URL(options.baseUrl).host });
  const maxContinuations = options.maxContinuations ?? 2;

  const call = (messages: Message[], maxTokens: number, signal?: AbortSignal) => {
    const body = JSON.stringify({ model: options.model, messages, max_tokens: maxTokens, stream: options.stream, temperature: 0.7 });
    // What a provider counts against tokens a minute: the prompt (≈ 4 characters a token) and max_tokens.
    const throttled = options.throttle ? { throttle: options.throttle, tokens: Math.ceil(body.length / 4) + maxTokens } : undefined;
    return withRetries<Answer>(
      service,
      options,
      signal,
      ({ signal: attemptSignal }) =>
        options.fetch(`${options.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: options.stream ? 'text/event-stream' : 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body,
          signal: attemptSignal,
        }),
      (res) => (options.stream ? readStream(res, service) : readJson(res, service)),
      throttled,
    );
  };

  return {
    name: options.model,
    offline: false,
    async complete(request: CompletionRequest) {
      const messages: Message[] = [
        { role: 'system', content: request.system },
        { role: 'user', content: request.prompt },
      ];
      let text = '';
      for (let round = 0; ; round++) {
        const answer = await call(messages, request.maxTokens, request.signal);
        text += answer.text;
        if (answer.finishReason !== 'length') break;
        if (round >= maxContinuations) {
          throw new ProviderError(message('modelAnswer.tokenLimit', { times: round + 1 }));
        }
        messages.push(
          { role: 'assistant', content: answer.text },
          { role: 'user', content: 'Continue exactly where you stopped, without repeating anything.' },
        );
      }
      if (!text.trim()) throw new ProviderError(message('modelAnswer.emptyText', { service }));
      return text;
    },
  };
}

function checkFinish(reason: unknown, service: Worded): string | null {
  if (reason === null || reason === undefined) return null;
  if (typeof reason !== 'string') throw new ProviderError(message('modelAnswer.finishNotText', { service }));
  if (reason === 'content_filter') throw new ProviderError(message('modelAnswer.withheld', { service }));
  return reason;
}

async function readJson(res: Response, service: Worded): Promise<Answer> {
  const text = await res.text();
  let body: { choices?: { message?: { content?: unknown }; finish_reason?: unknown }[] };
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderError(message('modelAnswer.notJson', { service, preview: preview(text) }));
  }
  const choice = Array.isArray(body?.choices) ? body.choices[0] : undefined;
  if (!choice || typeof choice.message?.content !== 'string') {
    throw new ProviderError(message('modelAnswer.noContent', { service, preview: preview(text) }));
  }
  return { text: choice.message.content, finishReason: checkFinish(choice.finish_reason, service) };
}

/** Server-sent events: `data: {chunk}` lines until `data: [DONE]`; a stream that just stops is incomplete. */
async function readStream(res: Response, service: Worded): Promise<Answer> {
  if (!res.body) throw new ProviderError(message('modelAnswer.noStream', { service }));
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  let finishReason: string | null = null;
  let done = false;
  const handle = (line: string) => {
    if (!line.startsWith('data:')) return;
    const data = line.slice(5).trim();
    if (data === '[DONE]') return void (done = true);
    let chunk: { choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[]; error?: { message?: string } };
    try {
      chunk = JSON.parse(data);
    } catch {
      throw new ProviderError(message('modelAnswer.eventNotJson', { service, preview: preview(data) }));
    }
    if (chunk.error) {
      const detail = chunk.error.message ?? message('modelAnswer.unknownError');
      throw new ProviderError(message('modelAnswer.errorMidStream', { service, detail }));
    }
    const choice = chunk.choices?.[0];
    if (!choice) return;
    if (typeof choice.delta?.content === 'string') text += choice.delta.content;
    finishReason = checkFinish(choice.finish_reason, service) ?? finishReason;
  };
  try {
    for await (const piece of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(piece, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        handle(buffer.slice(0, newline).replace(/\r$/, ''));
        buffer = buffer.slice(newline + 1);
      }
      if (done) break;
    }
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(message('modelAnswer.streamBrokeOff', { service, detail: (error as Error).message }), true);
  }
  if (buffer.trim()) handle(buffer.trim());
  if (!done && finishReason === null) {
    throw new ProviderError(message('modelAnswer.streamUnfinished', { service }), true);
  }
  return { text, finishReason };
}

const preview = (text: string) => JSON.stringify(text.slice(0, 120));
