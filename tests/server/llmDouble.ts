import http from 'node:http';
import type { AddressInfo } from 'node:net';

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

export type Step = 'outline' | 'article' | 'faq' | 'meta' | 'other';

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
  if (system.includes('Markdown')) return 'article';
  return 'other';
};

const keywordOf = (req: ChatRequest) => req.messages.find((m) => m.role === 'user')?.content.match(/"([^"]+)"/)?.[1] ?? 'topic';

/** A correct answer for the step, built from the keyword quoted in the prompt. */
export function goodAnswer(req: ChatRequest): string {
  const k = keywordOf(req);
  switch (stepOf(req)) {
    case 'outline':
      return JSON.stringify({ title: `${k}: the model's guide`, sections: [`Why ${k}`, `How ${k} works`, `Getting started`, `Tips`] });
    case 'article': {
      const para = `Using ${k} well takes a little practice. Start with the basics and build from there. Keep each step small and check what works. Then repeat what works and drop what does not.`;
      return [`${k} is what this model-written article is about. ${para}`, ...[`Why ${k}`, `How ${k} works`, 'Getting started', 'Tips'].flatMap((h) => [`## ${h}`, para, para])].join('\n\n');
    }
    case 'faq':
      return '```json\n' + JSON.stringify([{ question: `What is ${k}?`, answer: `It is the subject here.` }, { question: `Is ${k} hard?`, answer: 'No.' }]) + '\n```';
    case 'meta':
      return JSON.stringify({ meta_title: `${k} guide`, meta_description: `All about ${k}: a practical, friendly guide with tips, steps and answers to the questions people ask most often about ${k}.`, slug: k });
    default:
      return 'ok';
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
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface LlmDouble {
  url: string;
  chats: ChatRequest[];
  images: number;
  /** Answers for the next chat requests, in order; afterwards the default answer. */
  script: ((req: ChatRequest) => Reply | undefined)[];
  /** Decides the default answer (default: a correct JSON answer for the step). */
  fallback: (req: ChatRequest) => Reply;
  /** While closed, chat requests wait (held open). */
  gate: { closed: boolean; open(): void };
  close(): Promise<void>;
}

export async function startLlmDouble(): Promise<LlmDouble> {
  let release: (() => void)[] = [];
  const double: LlmDouble = {
    url: '',
    chats: [],
    images: 0,
    script: [],
    fallback: (req) => ({ kind: 'json', body: completion(goodAnswer(req)) }),
    gate: {
      closed: false,
      open() {
        this.closed = false;
        release.forEach((r) => r());
        release = [];
      },
    },
    close: async () => {},
  };
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    if (req.url?.endsWith('/images/generations')) {
      double.images++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ b64_json: TINY_PNG.toString('base64') }] }));
      return;
    }
    const chat = body as ChatRequest;
    double.chats.push(chat);
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
