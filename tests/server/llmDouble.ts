import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBatchApiDouble, type BatchApiDouble } from './batchApiDouble';

/**
 * A loopback stand-in for an OpenAI-compatible service: /v1/chat/completions (JSON or SSE) and
 * /v1/images/generations (b64_json). By default it answers each generation step correctly; a test
 * can script the next answers, hold answers behind a gate, or count what it was asked.
 */
export interface ChatRequest {
  model: string;
  stream: boolean;
  messages: { role: string; content: string }[];
  max_tokens?: number;
}

export type Step = 'outline' | 'article' | 'lengthen' | 'faq' | 'meta' | 'other';

export type Reply =
  | { kind: 'json'; status?: number; headers?: Record<string, string>; body: unknown }
  | { kind: 'raw'; status?: number; headers?: Record<string, string>; text: string }
  | { kind: 'sse'; events: string[]; cut?: boolean }
  | { kind: 'hang' };

export const stepOf = (req: ChatRequest): Step => {
  const system = req.messages.find((m) => m.role === 'system')?.content ?? '';
  if (system.includes('"sections"')) return 'outline';
  if (system.includes('"meta_title"')) return 'meta';
  if (system.includes('"question"')) return 'faq';
  if (system.includes('lengthened')) return 'lengthen';
  if (system.includes('Markdown')) return 'article';
  return 'other';
};

const keywordOf = (req: ChatRequest) => req.messages.find((m) => m.role === 'user')?.content.match(/"([^"]+)"/)?.[1] ?? 'topic';
/** The length the prompt asks for (`about 1200 words`), or 0 when it names none. */
export const askedWordsOf = (req: ChatRequest) =>
  Number(req.messages.find((m) => m.role === 'user')?.content.match(/about (\d+) words/)?.[1] ?? 0);
/** A section heading: its Markdown mark ("## ", "### ") and its text. */
interface Heading {
  mark: string;
  text: string;
}
/**
 * The headings a prompt gives a draft with (a body to lengthen or refresh), or `outline` as "## "
 * sections when it gives none: a model keeps the structure it is given.
 */
const headingsFor = (req: ChatRequest, outline: string[]): Heading[] => {
  const given = [...(req.messages.find((m) => m.role === 'user')?.content ?? '').matchAll(/^(#{2,3} )(.+)$/gm)];
  return given.length ? given.map((m) => ({ mark: m[1], text: m[2].trim() })) : outline.map((text) => ({ mark: '## ', text }));
};
/** Paragraphs cycled through sections until the body has about `asked` words (each section at least two). */
const sectionsOfLength = (
  intro: string,
  headings: Heading[],
  paragraph: (heading: string, n: number) => string,
  asked: number,
  words: (s: string) => number,
) => {
  const perSection = (n: number) => words(paragraph(headings[0].text, n));
  const each = Math.max(2, Math.ceil((asked - words(intro)) / headings.length / Math.max(1, perSection(0))));
  return [intro, ...headings.flatMap((h) => [`${h.mark}${h.text}`, ...Array.from({ length: each }, (_, n) => paragraph(h.text, n))])].join(
    '\n\n',
  );
};
const latinWords = (s: string) => s.split(/\s+/).filter(Boolean).length;
const hanCharacters = (s: string) => (s.match(/\p{Script=Han}/gu) ?? []).length;
/** The language the system message asks for (`Write in the language "zh".`). */
export const languageOf = (req: ChatRequest) =>
  req.messages.find((m) => m.role === 'system')?.content.match(/language "([^"]+)"/)?.[1] ?? 'en';

/** A correct answer for the step, built from the keyword quoted in the prompt, in the language asked for (zh or en). */
export function goodAnswer(req: ChatRequest): string {
  const k = keywordOf(req);
  if (languageOf(req).startsWith('zh')) return goodChineseAnswer(req, k);
  switch (stepOf(req)) {
    case 'outline':
      return JSON.stringify({ title: `${k}: the model's guide`, sections: [`Why ${k}`, `How ${k} works`, `Getting started`, `Tips`] });
    case 'article':
    case 'lengthen': {
      const para = `Using ${k} well takes a little practice. Start with the basics and build from there. Keep each step small and check what works. Then repeat what works and drop what does not.`;
      return sectionsOfLength(
        `${k} is what this model-written article is about. ${para}`,
        headingsFor(req, [`Why ${k}`, `How ${k} works`, 'Getting started', 'Tips']),
        () => para,
        askedWordsOf(req),
        latinWords,
      );
    }
    case 'faq':
      return (
        '```json\n' +
        JSON.stringify([
          { question: `What is ${k}?`, answer: `It is the subject here.` },
          { question: `Is ${k} hard?`, answer: 'No.' },
        ]) +
        '\n```'
      );
    case 'meta':
      return JSON.stringify({
        meta_title: `${k} guide`,
        meta_description: `All about ${k}: a practical, friendly guide with tips, steps and answers to the questions people ask most often about ${k}.`,
        slug: k,
      });
    default:
      return 'ok';
  }
}

/** A correct answer written as if the prompt had asked for `share` of the words it asks for: a model that writes short. */
export const shortAnswer = (req: ChatRequest, share: number): string =>
  goodAnswer({
    ...req,
    messages: req.messages.map((m) =>
      m.role === 'user'
        ? { ...m, content: m.content.replace(/about (\d+) words/, (_, n) => `about ${Math.round(Number(n) * share)} words`) }
        : m,
    ),
  });

/** A correct answer in English whatever language the prompt asks for: a model that ignores the language. */
export const englishAnswer = (req: ChatRequest): string =>
  goodAnswer({
    ...req,
    messages: req.messages.map((m) =>
      m.role === 'system' ? { ...m, content: m.content.replace(/language "[^"]+"/, 'language "en"') } : m,
    ),
  });

const ZH_SECTIONS = (k: string) => [`为什么要关注${k}`, `${k}的关键要点`, '如何开始', '实用建议'];
function goodChineseAnswer(req: ChatRequest, k: string): string {
  switch (stepOf(req)) {
    case 'outline':
      return JSON.stringify({ title: `${k}：完整指南`, sections: ZH_SECTIONS(k) });
    case 'article':
    case 'lengthen': {
      const paras = [
        `${k}需要一点练习才能做好。先从基础开始，再一步一步提高。`,
        '每一步都保持小而具体，检查哪些方法有效，然后保留有效的做法。',
        '记录每次尝试的结果，过一段时间再回头比较，就能看清进步。',
        '遇到问题时，一次只调整一个因素，这样更容易找到原因。',
      ];
      const sections = ZH_SECTIONS(k);
      return sectionsOfLength(
        `这篇文章介绍${k}。${paras[0]}`,
        headingsFor(req, sections),
        (h, n) => (n % 2 === 0 ? `${h}：` : `关于${h}，`) + paras[(Math.max(0, sections.indexOf(h)) + 1 + n) % 4],
        askedWordsOf(req),
        hanCharacters,
      );
    }
    case 'faq':
      return JSON.stringify([
        { question: `什么是${k}？`, answer: '这是本文讨论的主题。' },
        { question: `${k}难吗？`, answer: '不难，坚持练习即可。' },
      ]);
    case 'meta':
      return JSON.stringify({
        meta_title: `${k}指南`,
        meta_description: `关于${k}的实用指南：基础知识、入门步骤、常见问题和实用建议，帮助你快速上手。`,
        slug: k,
      });
    default:
      return '好';
  }
}

/**
 * The wrappings models put around an answer. `wrapInHabit` dresses a clean answer in one of them;
 * the pipeline must store the same clean article whichever it was.
 */
export const HABITS = ['preface', 'sign-off', 'fence', 'preface-and-fence', 'think', 'bold-headings', 'duplicate-title'] as const;
export type Habit = (typeof HABITS)[number];

export function wrapInHabit(habit: Habit, req: ChatRequest, answer: string): string {
  const step = stepOf(req);
  if (step !== 'article') {
    // JSON answers: the reasoning block and the fence habits apply to them too.
    if (habit === 'think') return `<think>\nThe user wants JSON. Let me think about {"title": "wrong"}.\n</think>\n${answer}`;
    if (habit === 'preface-and-fence') return `Sure! Here is the JSON:\n\n\`\`\`json\n${answer}\n\`\`\``;
    return answer;
  }
  switch (habit) {
    case 'preface':
      return `Sure! Here's the article:\n\n${answer}`;
    case 'sign-off':
      return `${answer}\n\nI hope this article helps! Let me know if you'd like any changes.`;
    case 'fence':
      return `\`\`\`markdown\n${answer}\n\`\`\``;
    case 'preface-and-fence':
      return `Certainly! Below is the article in Markdown:\n\n\`\`\`markdown\n${answer}\n\`\`\`\n\nI hope this helps!`;
    case 'think':
      return `<think>\nThe user wants an article. I should start with an introduction and then the sections.\n</think>\n\n${answer}`;
    case 'bold-headings':
      return answer.replace(/^## (.+)$/gm, '**$1**');
    case 'duplicate-title': {
      const title = JSON.parse(
        goodAnswer({
          ...req,
          messages: req.messages.map((m) => (m.role === 'system' ? { ...m, content: m.content.replace('Markdown', '"sections"') } : m)),
        }),
      ).title;
      return `# ${title}\n\n${answer}`;
    }
  }
}

export const completion = (content: string, finish: string | null = 'stop') => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finish }],
});

export const sseEvents = (content: string, pieces = 3, finish = 'stop') => {
  const size = Math.ceil(content.length / pieces);
  const chunks = Array.from({ length: pieces }, (_, i) => content.slice(i * size, (i + 1) * size));
  return [
    ...chunks.map((c) => JSON.stringify({ choices: [{ index: 0, delta: { content: c }, finish_reason: null }] })),
    JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: finish }] }),
    '[DONE]',
  ];
};

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A hosted model's limits: a token bucket per kind, holding `burst` (default: a minute's
 * worth) and refilled continuously at the rate a minute, as OpenAI documents. Past it, 429 in
 * OpenAI's shape with Retry-After (seconds, an HTTP date, or none) and x-ratelimit-* headers;
 * every answer carries x-ratelimit-* headers.
 */
export interface DoubleLimit {
  rpm?: number;
  tpm?: number;
  burst?: number;
  /** The tokens bucket's size (default: a minute's worth): a small one refuses sooner and refills in seconds. */
  tokenBurst?: number;
  retryAfter?: 'seconds' | 'date' | 'none';
  /** Its answers say nothing of the limits; only its 429s carry x-ratelimit-* headers. */
  quiet?: boolean;
}

export interface LlmDouble {
  url: string;
  /** Ms each step takes to answer (after admission). */
  latency: Partial<Record<Step | 'image', number>>;
  /** The account's limits; null: none. */
  limit: DoubleLimit | null;
  /** When chat and image calls were refused with 429 and when admitted, and the most in flight at once. */
  refused: number[];
  /** The 429s by the budget that ran out (never reset by the double). */
  refusedBy: { requests: number; tokens: number };
  admitted: number[];
  peakInFlight: number;
  chats: ChatRequest[];
  images: number;
  /** Answers for the next chat requests, in order; afterwards the default answer. */
  script: ((req: ChatRequest) => Reply | undefined)[];
  /** Decides the default answer (default: a correct JSON answer for the step). */
  fallback: (req: ChatRequest) => Reply;
  /** While closed, chat requests wait (held open). */
  gate: { closed: boolean; open(): void };
  /** The Batch API (files, batches): its lines answered as the chat calls are by default. */
  batch: BatchApiDouble;
  /** The content a batch line is answered with (default: a correct answer for the step). */
  batchAnswer: (req: ChatRequest) => string;
  close(): Promise<void>;
}

export async function startLlmDouble(): Promise<LlmDouble> {
  let release: (() => void)[] = [];
  let inFlight = 0;
  const buckets = { requests: { level: 0, at: 0, init: false }, tokens: { level: 0, at: 0, init: false } };
  /** Takes `n` from a bucket of `capacity` refilled at `perMinute`; ms until it could, or 0 when taken. */
  const take = (b: { level: number; at: number; init: boolean }, perMinute: number, capacity: number, n: number) => {
    const now = Date.now();
    if (!b.init) Object.assign(b, { level: capacity, at: now, init: true });
    b.level = Math.min(capacity, b.level + ((now - b.at) * perMinute) / 60_000);
    b.at = now;
    const need = Math.min(n, capacity);
    if (b.level >= need) {
      b.level -= need;
      return 0;
    }
    return Math.ceil(((need - b.level) * 60_000) / perMinute);
  };
  const limitHeaders = (limit: DoubleLimit): Record<string, string> => {
    const h: Record<string, string> = {};
    if (limit.rpm) {
      const b = buckets.requests;
      Object.assign(h, {
        'x-ratelimit-limit-requests': String(limit.rpm),
        'x-ratelimit-remaining-requests': String(Math.max(0, Math.floor(b.level))),
        'x-ratelimit-reset-requests': `${Math.max(0, (Math.max(1, (limit.burst ?? limit.rpm) - b.level) * 60) / limit.rpm).toFixed(3)}s`,
      });
    }
    if (limit.tpm) {
      const b = buckets.tokens;
      Object.assign(h, {
        'x-ratelimit-limit-tokens': String(limit.tpm),
        'x-ratelimit-remaining-tokens': String(Math.max(0, Math.floor(b.level))),
        // OpenAI's meaning: until the whole bucket is back.
        'x-ratelimit-reset-tokens': `${Math.max(0, (Math.max(1, (limit.tokenBurst ?? limit.tpm) - b.level) * 60) / limit.tpm).toFixed(3)}s`,
      });
    }
    return h;
  };
  /** Admits a call, or answers 429 in OpenAI's shape; true when admitted. */
  let bucketsOf: DoubleLimit | null = null;
  const admit = (res: http.ServerResponse, tokens: number): boolean => {
    const limit = double.limit;
    // A new limit is a new provider: its buckets start full, whatever an earlier test left in them.
    if (limit !== bucketsOf) {
      bucketsOf = limit;
      buckets.requests.init = false;
      buckets.tokens.init = false;
    }
    if (!limit) {
      double.admitted.push(Date.now());
      return true;
    }
    const waitRequests = limit.rpm ? take(buckets.requests, limit.rpm, limit.burst ?? limit.rpm, 1) : 0;
    let waitTokens = 0;
    if (!waitRequests && limit.tpm) {
      waitTokens = take(buckets.tokens, limit.tpm, limit.tokenBurst ?? limit.tpm, tokens);
      if (waitTokens && limit.rpm) buckets.requests.level += 1; // not admitted: the request is given back
    }
    const waitMs = Math.max(waitRequests, waitTokens);
    if (!waitMs) {
      double.admitted.push(Date.now());
      if (!limit.quiet) res.setHeaders(new Map(Object.entries(limitHeaders(limit))));
      return true;
    }
    double.refused.push(Date.now());
    const headers = limitHeaders(limit);
    if (limit.retryAfter === 'date') headers['retry-after'] = new Date(Date.now() + waitMs + 1000).toUTCString();
    else if (limit.retryAfter !== 'none') headers['retry-after'] = String(Math.ceil(waitMs / 1000));
    const kind = waitRequests ? 'requests' : 'tokens';
    double.refusedBy[kind]++;
    res.writeHead(429, { 'content-type': 'application/json', ...headers }).end(
      JSON.stringify({
        error: {
          message: `Rate limit reached for double-model on ${kind} per min: Limit ${kind === 'requests' ? limit.rpm : limit.tpm}. Please try again in ${(waitMs / 1000).toFixed(3)}s.`,
          type: kind,
          param: null,
          code: 'rate_limit_exceeded',
        },
      }),
    );
    return false;
  };
  const pause = (ms: number | undefined) => (ms ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

  const double: LlmDouble = {
    url: '',
    latency: {},
    limit: null,
    refused: [],
    refusedBy: { requests: 0, tokens: 0 },
    admitted: [],
    peakInFlight: 0,
    chats: [],
    images: 0,
    script: [],
    fallback: (req) =>
      req.stream ? { kind: 'sse', events: sseEvents(goodAnswer(req)) } : { kind: 'json', body: completion(goodAnswer(req)) },
    gate: {
      closed: false,
      open() {
        this.closed = false;
        release.forEach((r) => r());
        release = [];
      },
    },
    batch: createBatchApiDouble((line) => double.batchAnswer({ ...line.body, stream: false }), TINY_PNG.toString('base64')),
    batchAnswer: goodAnswer,
    close: async () => {},
  };
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (await double.batch.handle(req, res, Buffer.concat(chunks))) return;
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    if (req.url?.endsWith('/images/generations')) {
      if (!admit(res, 0)) return;
      double.images++;
      await pause(double.latency.image);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ b64_json: TINY_PNG.toString('base64') }] }));
      return;
    }
    const chat = body as ChatRequest;
    // What OpenAI counts against tokens a minute: the prompt (≈ 4 characters a token) and max_tokens.
    const tokens = Math.ceil(chat.messages.reduce((n, m) => n + m.content.length, 0) / 4) + (chat.max_tokens ?? 0);
    if (!admit(res, tokens)) return;
    double.chats.push(chat);
    inFlight++;
    double.peakInFlight = Math.max(double.peakInFlight, inFlight);
    res.on('close', () => inFlight--);
    await pause(double.latency[stepOf(chat)]);
    if (double.gate.closed) await new Promise<void>((r) => release.push(r));
    let reply: Reply | undefined;
    while (!reply && double.script.length) reply = double.script.shift()?.(chat);
    reply ??= double.fallback(chat);
    if (reply.kind === 'hang') return;
    if (reply.kind === 'json') {
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.body));
    } else if (reply.kind === 'raw') {
      res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain', ...reply.headers }).end(reply.text);
    } else {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      for (const e of reply.events) res.write(`data: ${e}\n\n`);
      // A cut stream: the events so far arrive, then the connection drops mid-answer.
      if (reply.cut) setTimeout(() => res.destroy(), 30);
      else res.end();
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  double.close = async () => {
    double.gate.open();
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return double;
}
