import MarkdownIt from 'markdown-it';
import { insertArticle, toArticleDetail } from '../server/db/articles';
import { markdownToHtml, sanitizeArticleHtml } from '../server/domain/articles/articleHtml';
import { inTextThread } from '../server/textThread/client';
import { ARTICLE_BODY_MAX, pathologicalTexts } from '../tests/server/pathologicalTexts';
import { ms, signedInMaster, withInProcessServer, type BenchRow, type BenchSection } from './lib';

/** Each step is run this many times; the figure is the fastest (the others wait on the shared cores). */
const RUNS = 3;

async function fastest<T>(step: () => T | Promise<T>): Promise<{ value: T; took: number }> {
  let best = { value: undefined as T, took: Infinity };
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const value = await step();
    const took = performance.now() - started;
    if (took < best.took) best = { value, took };
  }
  return best;
}

/** Markdown read as it was before its own markup was stored as rendered: every rendering through the sanitiser. */
const everyRenderingSanitised = (() => {
  const markdown = new MarkdownIt({ html: true, linkify: true });
  return (text: string) => sanitizeArticleHtml(markdown.render(text));
})();

/**
 * `npm run bench -- pathologicalTextSteps`: where a save of each pathological text at the body
 * limit spends its time: reading the body (sanitising, rendering Markdown) and scoring it, each a
 * call to the text thread as the server makes it; writing the row to the embedded database;
 * writing the answer's JSON. For Markdown, beside them, its reading in this process's own thread,
 * now and as it was when every rendering went through the sanitiser.
 */
export const pathologicalTextSteps: BenchSection = {
  name: 'pathologicalTextSteps',
  title: 'Pathological article bodies at the body limit: a save step by step (text thread, row write, answer), fastest of 3',
  async run() {
    return withInProcessServer({ WORKERS: '0' }, null, async (server) => {
      const { id: accountId } = await signedInMaster(server, 'steps');
      await inTextThread('readBody', '<p>The thread started.</p>', 'html');
      const rows: BenchRow[] = [];
      for (const shape of pathologicalTexts(ARTICLE_BODY_MAX).filter((s) => !s.refused)) {
        const fields = {
          title: shape.name,
          slug: 'steps',
          metaDescription: '',
          keyword: '',
          language: 'en',
          faq: [],
          coverUrl: '',
          images: [],
        };
        const read = await fastest(() => inTextThread('readBody', shape.text, shape.format));
        const { html } = read.value;
        const scored = await fastest(() => inTextThread('articleScores', { ...fields, body: html }));
        const write = await fastest(() => insertArticle(server.app.ctx.db, { ...fields, body: html, ...scored.value, accountId }));
        const answer = await fastest(() => JSON.stringify(toArticleDetail(write.value)));
        const markdown =
          shape.format === 'markdown'
            ? { now: await fastest(() => markdownToHtml(shape.text)), before: await fastest(() => everyRenderingSanitised(shape.text)) }
            : null;
        rows.push({
          what: `${shape.name} (${shape.format})`,
          value: ms(read.took + scored.took + write.took + answer.took),
          note: [
            `text thread: read ${ms(read.took)}, score ${ms(scored.took)}`,
            `row write ${ms(write.took)}`,
            `answer JSON ${ms(answer.took)} (${Math.round(answer.value.length / 1000)} kB)`,
            ...(markdown ? [`Markdown read here ${ms(markdown.now.took)}, sanitising every rendering ${ms(markdown.before.took)}`] : []),
          ].join('; '),
        });
      }
      return rows;
    });
  },
};
