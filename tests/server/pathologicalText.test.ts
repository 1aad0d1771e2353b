import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../contract/paths';
import { loginAdmin, type TestServer } from './harness';
import { newClient, startServer, type Client } from './pipelineHelpers';
import { confLatencies, restingWorst } from './confLatency';
import { pathologicalTexts, ARTICLE_BODY_MAX, NOTICE_CONTENT_MAX } from './pathologicalTexts';

/**
 * A user's text is sanitised, rendered and scored off the server's thread, each step linear: the
 * shapes that made one request hold the server for seconds (one long token, one sentence, 100,000
 * tags or headings, deep lists, long URLs), at the body limit, each answer within seconds, and the
 * public configuration, asked for again and again meanwhile, keeps answering (see `timed` for the
 * bound). `npm run bench -- pathologicalText` gives the figures.
 */
let t: TestServer;
let client: Client;
let admin: string;
let articleId: number;

/**
 * Seconds, not the minutes a step growing with the square of the length took: 20 s, or on a machine
 * so loaded that an ordinary article of the same length saves slowly, twenty times that save (a
 * quadratic step at the body limit is hundreds of times an ordinary save).
 */
const ANSWER_BOUND_MS = 20_000;
const ORDINARY_SAVES = 20;

/** An ordinary article of `length` characters in `format`: headings and paragraphs of prose. */
const ordinaryText = (format: 'html' | 'markdown', length: number) => {
  const section =
    format === 'html'
      ? '<h2>A section</h2><p>Ordinary words of an article, in a sentence. And another sentence, a little longer than that.</p>'
      : '## A section\n\nOrdinary words of an article, in a sentence. And another sentence, a little longer than that.\n\n';
  return section.repeat(Math.floor(length / section.length));
};

/** How long saving an ordinary article of the body limit takes now, in `format`. */
async function ordinarySave(format: 'html' | 'markdown') {
  const started = performance.now();
  const { status } = await client.call('POST', ApiPath.articleAdd, {
    body: { title: 'Ordinary', body: ordinaryText(format, ARTICLE_BODY_MAX), format },
  });
  expect(status).toBe(200);
  return performance.now() - started;
}

/**
 * `method path` with `body`: its answer and how long it took; the public configuration's slowest
 * answer meanwhile, and its bound. 500 ms (`npm run bench -- pathologicalText` gives the figure
 * against its 100 ms goal; here other test files share the cores, and a save that takes less than
 * that could not show a held thread anyway); on a machine so loaded that it answers slower at rest
 * (twenty answers just before), five times that; and half the save's own time, up to 2 s: a server
 * whose thread reads the text answers nothing else until it is done, so its slowest answer is
 * nearly the whole save.
 */
async function timed(method: string, path: string, token: string, body: object) {
  // Its JSON is written before the clock starts: the test's own work on a megabyte of JSON shares
  // the server's thread, and is not the server's.
  const raw = JSON.stringify(body);
  const before = await restingWorst(t.url, 20);
  const started = performance.now();
  const answer = t.call(method, path, { token, raw, headers: { 'content-type': 'application/json' } });
  const { worst } = await confLatencies(t.url, answer);
  const { status, code, msg } = await answer;
  const took = performance.now() - started;
  return { status, code, msg, took, worst, bound: Math.max(500, 5 * before, Math.min(took / 2, 2_000)) };
}

/** The bound on a save's answer (see ANSWER_BOUND_MS). */
let answerBound = ANSWER_BOUND_MS;

/** A save answered in time: stored (200), or refused as a body (400) with the envelope; the server answering others meanwhile. */
function expectAnswered(answer: Awaited<ReturnType<typeof timed>>, refused: boolean) {
  expect({ status: answer.status, code: answer.code, msg: answer.msg }).toMatchObject(
    refused ? { status: 400, code: 400 } : { status: 200, code: 200 },
  );
  expect(answer.took).toBeLessThan(answerBound);
  expect(answer.worst).toBeLessThan(answer.bound);
}

beforeAll(async () => {
  t = await startServer({ WORKERS: '0' });
  client = await newClient(t);
  admin = await loginAdmin(t);
  const added = await client.call<{ id: number }>('POST', ApiPath.articleAdd, { body: { title: 'Edited', body: '<p>Text</p>' } });
  articleId = added.data.id;
}, 120_000);
afterAll(async () => t?.close());

describe('pathological text at the body limit', () => {
  for (const shape of pathologicalTexts(ARTICLE_BODY_MAX)) {
    it(`adds, edits and imports an article that is ${shape.name}, while other requests answer`, { timeout: 180_000 }, async () => {
      answerBound = Math.max(ANSWER_BOUND_MS, ORDINARY_SAVES * (await ordinarySave(shape.format)));
      const body = { body: shape.text, format: shape.format };
      expectAnswered(await timed('POST', ApiPath.articleAdd, client.token, { title: shape.name, ...body }), shape.refused);
      expectAnswered(await timed('PUT', ApiPath.articleEdit, client.token, { id: articleId, ...body }), shape.refused);
      const content = `# ${shape.name}\n\n${shape.text}`.slice(0, ARTICLE_BODY_MAX);
      expectAnswered(await timed('POST', ApiPath.articleImport, client.token, { content, format: 'markdown' }), shape.refused);
    });
  }

  for (const shape of pathologicalTexts(NOTICE_CONTENT_MAX).filter((s) => s.format === 'html')) {
    it(`publishes an announcement that is ${shape.name}, while other requests answer`, { timeout: 60_000 }, async () => {
      answerBound = ANSWER_BOUND_MS;
      expectAnswered(
        await timed('POST', ApiPath.adminNoticeAdd, admin, { title: shape.name, content: shape.text, audience: 'all' }),
        shape.refused,
      );
    });
  }
});
