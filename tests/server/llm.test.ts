import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChatWriter, type ChatOptions } from '../../server/providers/llm/openaiChat';
import { createImageClient } from '../../server/providers/image/openaiImages';
import { ProviderError } from '../../server/providers/httpRetry';
import { readReason, storeReason } from '../../server/i18n/storedText';
import type { CompletionRequest } from '../../server/providers/llm/types';
import { SAMPLE_VALUES } from '../../server/domain/generation/promptTemplates';
import { completion, goodAnswer, sseEvents, startLlmDouble, type LlmDouble } from './llmDouble';

let double: LlmDouble;
beforeAll(async () => {
  double = await startLlmDouble();
});
afterAll(async () => double?.close());
beforeEach(() => {
  double.chats.length = 0;
  double.script.length = 0;
});

// The operator's service (LLM_BASE_URL): the plain fetch, which may call the loopback double.
const writer = (over: Partial<ChatOptions> = {}) =>
  createChatWriter({
    baseUrl: double.url,
    apiKey: 'test-key',
    model: 'test-model',
    stream: false,
    timeoutMs: 5000,
    maxRetries: 2,
    maxRetryWaitMs: 1000,
    fetch,
    ...over,
  });

const request: CompletionRequest = {
  step: 'outline',
  system: 'Answer only with JSON: {"title": "…", "sections": […]}',
  prompt: 'Plan an article about "indoor herb garden"',
  values: SAMPLE_VALUES,
  maxTokens: 500,
};

describe('OpenAI-compatible chat client', () => {
  it('sends model, messages and key, and reads a JSON answer', async () => {
    const text = await writer().complete(request);
    expect(JSON.parse(text).title).toBe("indoor herb garden: the model's guide");
    expect(double.chats[0]).toMatchObject({ model: 'test-model', stream: false, max_tokens: 500 });
    expect(double.chats[0].messages.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('reads a streamed answer (server-sent events)', async () => {
    double.script.push((req) => ({ kind: 'sse', events: sseEvents(goodAnswer(req), 5) }));
    const text = await writer({ stream: true }).complete(request);
    expect(JSON.parse(text).sections).toHaveLength(4);
    expect(double.chats[0].stream).toBe(true);
  });

  it('retries a 429 after its Retry-After, and a 5xx', async () => {
    double.script.push(() => ({ kind: 'json', status: 429, headers: { 'retry-after': '0' }, body: { error: { message: 'slow down' } } }));
    double.script.push(() => ({ kind: 'json', status: 503, body: { error: { message: 'overloaded' } } }));
    const text = await writer().complete(request);
    expect(JSON.parse(text).title).toContain('indoor herb garden');
    expect(double.chats).toHaveLength(3);
  });

  it('gives up on a Retry-After longer than allowed, saying so', async () => {
    double.script.push(() => ({ kind: 'json', status: 429, headers: { 'retry-after': '120' }, body: { error: { message: 'quota' } } }));
    await expect(writer().complete(request)).rejects.toThrow(/429: quota \(it asks to wait 120 s, longer than the 1 s allowed\)/);
    expect(double.chats).toHaveLength(1);
  });

  it('stops after the retries with the last reason', async () => {
    for (let i = 0; i < 3; i++) double.script.push(() => ({ kind: 'json', status: 500, body: { error: { message: 'boom' } } }));
    await expect(writer().complete(request)).rejects.toThrow(/answered 500: boom \(after 3 attempts\)/);
  });

  it('does not retry a refusal such as 401', async () => {
    double.script.push(() => ({ kind: 'json', status: 401, body: { error: { message: 'bad key' } } }));
    await expect(writer().complete(request)).rejects.toThrow(/answered 401: bad key/);
    expect(double.chats).toHaveLength(1);
  });

  it('refuses a stream that is cut off', async () => {
    double.script.push(() => ({ kind: 'sse', events: sseEvents('partial answer', 3).slice(0, 2), cut: true }));
    double.script.push(() => ({ kind: 'sse', events: sseEvents('partial answer', 3).slice(0, 2), cut: true }));
    await expect(writer({ stream: true, maxRetries: 1 }).complete(request)).rejects.toThrow(
      /ended before the answer was complete|broke off/,
    );
    expect(double.chats).toHaveLength(2);
  });

  it('refuses garbage: not JSON, no choices, a bad stream event', async () => {
    double.script.push(() => ({ kind: 'raw', text: '<html>gateway</html>' }));
    const notJson = await writer()
      .complete(request)
      .catch((error: ProviderError) => error);
    expect(notJson).toBeInstanceOf(ProviderError);
    expect((notJson as ProviderError).message).toMatch(/not JSON: "<html>gateway/);
    // The failed item's reason, as a Chinese reader of the task reads it.
    const kept = storeReason((notJson as ProviderError).reason);
    expect(readReason('zh_CN', kept)).toBe(`模型服务（${new URL(double.url).host}） 的应答不是 JSON："<html>gateway</html>"`);
    double.script.push(() => ({ kind: 'json', body: { result: 'hello' } }));
    await expect(writer().complete(request)).rejects.toThrow(/without choices\[0\]\.message\.content/);
    double.script.push(() => ({ kind: 'sse', events: ['{not json'] }));
    await expect(writer({ stream: true }).complete(request)).rejects.toThrow(/stream event that is not JSON/);
  });

  it('continues an answer cut at the token limit, and fails when it keeps being cut', async () => {
    double.script.push(() => ({ kind: 'json', body: completion('first half, ', 'length') }));
    double.script.push(() => ({ kind: 'json', body: completion('second half.') }));
    expect(await writer().complete(request)).toBe('first half, second half.');
    expect(double.chats[1].messages.at(-2)).toEqual({ role: 'assistant', content: 'first half, ' });

    for (let i = 0; i < 3; i++) double.script.push(() => ({ kind: 'json', body: completion('more ', 'length') }));
    await expect(writer().complete(request)).rejects.toThrow(/token limit \(finish_reason "length"\) 3 times/);
  });

  it('times out a silent service with a clear reason', async () => {
    double.script.push(() => ({ kind: 'hang' }));
    await expect(writer({ timeoutMs: 200, maxRetries: 0 }).complete(request)).rejects.toThrow(/gave no complete answer within 0\.2 s/);
  });
});

describe('OpenAI-compatible image client', () => {
  it('decodes b64_json into a PNG', async () => {
    const client = createImageClient({
      baseUrl: double.url,
      apiKey: 'k',
      model: 'img',
      size: '1024x1024',
      timeoutMs: 5000,
      maxRetries: 0,
      maxRetryWaitMs: 0,
      fetch,
    });
    const image = await client.generate({ prompt: 'a garden', caption: 'A garden', variant: 0 });
    expect(image.ext).toBe('png');
    expect(image.bytes.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('reading what a writer answered', () => {
  it('takes JSON from a code fence or a sentence around it, and refuses garbage with the reason', async () => {
    const { parseOutline, parseBody, parseFaq, parseMeta } = await import('../../server/domain/generation/generationParse');
    expect(parseOutline('Sure! ```json\n{"title": "## Tea", "sections": ["A", "B"]}\n```')).toEqual({ title: 'Tea', sections: ['A', 'B'] });
    expect(() => parseOutline('{"title": "Tea", "sections": ["only one"]}')).toThrow(/at least 2 headings/);
    expect(parseBody('# Title\n\nIntro text here.\n\n## One\n\nText one.\n\n## Two\n\nText two.', 5)).toBe(
      'Intro text here.\n\n## One\n\nText one.\n\n## Two\n\nText two.',
    );
    expect(() => parseBody('Just one paragraph without sections.', 5)).toThrow(/0 section heading\(s\)/);
    expect(parseFaq('[{"question": " Why? ", "answer": "Because."}, {"question": "", "answer": "x"}]')).toEqual([
      { question: 'Why?', answer: 'Because.' },
    ]);
    expect(() => parseFaq('no questions here')).toThrow(/FAQ answer is not a JSON list/);
    expect(parseMeta('{"meta_title": "T", "meta_description": "D", "slug": "Ünïcode Slug!"}', 'fallback')).toEqual({
      metaTitle: 'T',
      metaDescription: 'D',
      slug: 'unicode-slug',
    });
    expect(parseMeta('{"meta_title": "T", "meta_description": "D"}', 'fallback').slug).toBe('fallback');
  });
});
