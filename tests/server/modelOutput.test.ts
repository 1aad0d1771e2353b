import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanModelText, languageShare, parseFaq, parseOutline, stripReasoning } from '../../server/domain/generation/generationParse';
import { writeArticle, type GenerationInput } from '../../server/domain/generation/generation';
import { createChatWriter } from '../../server/providers/llm/openaiChat';
import { createCoverRenderer } from '../../server/providers/image/coverRenderer';
import { BUILT_IN_PROMPTS } from '../../server/domain/generation/promptTemplates';
import { createOfflineWriter } from '../../server/providers/llm/offline';
import { countWords } from '../../server/domain/articles/articleHtml';
import { render } from '../../server/i18n/messages';
import { WordedError } from '../../server/i18n/wordedError';
import type { Message } from '../../server/i18n/messages';
import type { Writer } from '../../server/providers/llm/types';
import {
  HABITS,
  completion,
  englishAnswer,
  goodAnswer,
  shortAnswer,
  sseEvents,
  startLlmDouble,
  stepOf,
  wrapInHabit,
  type LlmDouble,
} from './llmDouble';

let double: LlmDouble;
let uploadsDir: string;
beforeAll(async () => {
  double = await startLlmDouble();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-clean-'));
});
afterAll(async () => {
  await double?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});
beforeEach(() => {
  double.script.length = 0;
  double.fallback = (req) => ({ kind: 'json', body: completion(goodAnswer(req)) });
});

const writer = (stream: boolean) =>
  createChatWriter({
    baseUrl: double.url,
    apiKey: 'k',
    model: 'habit-model',
    stream,
    timeoutMs: 5000,
    maxRetries: 0,
    maxRetryWaitMs: 100,
    fetch,
  });

const input = (keyword: string, language = 'en'): GenerationInput => ({
  itemId: 1,
  keyword,
  language,
  siteName: 'Test site',
  wordCount: 300,
  images: false,
  imageCount: 0,
  prompts: Object.fromEntries(Object.entries(BUILT_IN_PROMPTS).map(([kind, p]) => [kind, p.content])) as GenerationInput['prompts'],
  uploadsDir,
});

describe('cleaning what a model wraps around its answer', () => {
  it('removes prefaces, sign-offs, fences, reasoning and a repeated title; bold lines become headings', () => {
    const article = 'Intro about tea.\n\n## Brewing\n\nUse hot water.\n\n## Storing\n\nKeep it dry.';
    expect(cleanModelText(`Sure! Here's the article:\n\n${article}\n\nI hope this article helps!`)).toBe(article);
    expect(
      cleanModelText(`Here is the article you asked for:\n\n\`\`\`markdown\n${article}\n\`\`\`\n\nLet me know if you want changes.`),
    ).toBe(article);
    expect(cleanModelText(`<think>plan: intro, then two sections</think>\n${article}`)).toBe(article);
    expect(cleanModelText(`# Green tea guide\n\n${article}`, 'Green tea guide')).toBe(article);
    expect(cleanModelText(`**Green tea guide**\n\n${article}`, 'Green tea guide')).toBe(article);
    expect(cleanModelText('Intro about tea.\n\n**Brewing**\n\nUse hot water.\n\n**Storing:**\n\nKeep it dry.')).toBe(article);
    expect(cleanModelText('好的，以下是为您撰写的文章：\n\n介绍。\n\n## 冲泡\n\n用热水。\n\n希望这篇文章对你有帮助！')).toBe(
      '介绍。\n\n## 冲泡\n\n用热水。',
    );
    // An ordinary first sentence is kept, even one that starts like a preface word.
    expect(cleanModelText('Okay-rated teas are cheap. Here is why.\n\n## A\n\nText.')).toBe(
      'Okay-rated teas are cheap. Here is why.\n\n## A\n\nText.',
    );
    expect(cleanModelText(`Sure thing!\n\n${article}`)).toBe(article);
  });

  it('removes reasoning before JSON, also a block left open or without its opening tag', () => {
    expect(stripReasoning('<thinking>{"title": "no"}</thinking>{"title": "yes"}')).toBe('{"title": "yes"}');
    expect(stripReasoning('reasoning without an opening tag</think>\n\nanswer')).toBe('answer');
    expect(stripReasoning('<think>cut off while thinking')).toBe('');
    expect(
      parseOutline(
        '<think>{"title": "x", "sections": ["a", "b"]}</think>\nSure:\n```json\n{"title": "Real", "sections": ["One", "Two"]}\n```',
      ).title,
    ).toBe('Real');
    expect(parseFaq('<think>[1]</think>[{"question": "Q?", "answer": "A."}]')).toEqual([{ question: 'Q?', answer: 'A.' }]);
  });

  it('measures the share of the language asked for', () => {
    expect(languageShare('如何选择跑步鞋 Explained: Tips and Best Practices', 'zh').share).toBeLessThan(0.6);
    expect(languageShare('如何选择跑步鞋：先了解自己的脚型，再比较缓震和抓地力。Nike 和 Asics 都有入门款。', 'zh').share).toBeGreaterThan(
      0.9,
    );
    expect(languageShare('Choosing 跑步鞋 starts with knowing your feet and your usual distance.', 'en').share).toBeGreaterThan(0.9);
    expect(languageShare('Как выбрать кроссовки для бега', 'ru').share).toBe(1);
    expect(languageShare('Как выбрать кроссовки для бега', 'en').share).toBe(0);
  });
});

describe('articles from a model with each wrapping habit', () => {
  for (const stream of [false, true]) {
    for (const language of ['en', 'zh']) {
      it(`store the same clean article whatever the habit (${stream ? 'streamed' : 'plain'}, ${language})`, async () => {
        const keyword = language === 'zh' ? '跑步鞋' : 'trail shoes';
        const answer = (habit: (typeof HABITS)[number] | null) => (req: Parameters<typeof goodAnswer>[0]) => {
          const text = habit ? wrapInHabit(habit, req, goodAnswer(req)) : goodAnswer(req);
          return stream ? { kind: 'sse' as const, events: sseEvents(text, 4) } : { kind: 'json' as const, body: completion(text) };
        };
        double.fallback = answer(null);
        const clean = await writeArticle(writer(stream), createCoverRenderer(), input(keyword, language));
        expect(clean.body).not.toMatch(/Sure|hope|```|think|<pre|<code/i);
        for (const habit of HABITS) {
          double.fallback = answer(habit);
          const article = await writeArticle(writer(stream), createCoverRenderer(), input(keyword, language));
          expect({ habit, title: article.title, body: article.body, faq: article.faq }).toEqual({
            habit,
            title: clean.title,
            body: clean.body,
            faq: clean.faq,
          });
        }
      });
    }
  }

  it('renders Markdown in FAQ answers like the body, and keeps their text for the FAQ data', async () => {
    double.fallback = (req) => ({
      kind: 'json',
      body: completion(
        stepOf(req) === 'faq'
          ? JSON.stringify([
              { question: 'Can tea go stale?', answer: '**Yes.** Keep it in a *dry* tin, away from [light](https://example.com/light).' },
            ])
          : goodAnswer(req),
      ),
    });
    const article = await writeArticle(writer(false), createCoverRenderer(), input('green tea'));
    expect(article.body).toContain(
      '<h3>Can tea go stale?</h3>\n<p><strong>Yes.</strong> Keep it in a <em>dry</em> tin, away from <a href="https://example.com/light" rel="noopener">light</a>.</p>',
    );
    expect(article.body).not.toContain('*');
    expect(article.faq).toEqual([{ question: 'Can tea go stale?', answer: 'Yes. Keep it in a dry tin, away from light.' }]);
  });

  it('keeps the title and the meta title and description within what a search result shows', async () => {
    const long = 'Green tea for beginners: how to choose, brew, store and enjoy the leaves at home every day';
    double.fallback = (req) => {
      const step = stepOf(req);
      if (step === 'outline')
        return { kind: 'json', body: completion(JSON.stringify({ title: long, sections: ['Choosing', 'Brewing', 'Storing'] })) };
      if (step === 'meta')
        return {
          kind: 'json',
          body: completion(JSON.stringify({ meta_title: long, meta_description: 'Green tea, explained.', slug: 'green-tea' })),
        };
      return { kind: 'json', body: completion(goodAnswer(req)) };
    };
    const article = await writeArticle(writer(false), createCoverRenderer(), input('green tea'));
    expect([article.title, article.metaTitle]).toEqual(['Green tea for beginners', 'Green tea for beginners']);
    expect(article.metaDescription.startsWith('Green tea, explained. ')).toBe(true);
    expect([...article.metaDescription].length).toBeGreaterThanOrEqual(120);
    expect([...article.metaDescription].length).toBeLessThanOrEqual(160);
    const failed = article.seoChecks.filter((c) => ['title_length', 'meta_description_length'].includes(c.id) && !c.passed);
    expect(failed).toEqual([]);
  });

  it('fails an answer in another language than the one asked for, saying why', async () => {
    // Asked for Chinese, the model answers in English with the keyword pasted in.
    double.fallback = (req) => ({ kind: 'json', body: completion(englishAnswer(req)) });
    await expect(writeArticle(writer(false), createCoverRenderer(), input('如何选择跑步鞋', 'zh'))).rejects.toThrow(
      /not in the language asked for \("zh"\): \d+ % of it is in Chinese characters/,
    );
  });
});

describe('the length the article was asked for', () => {
  const shortOf = (share: number) => (req: Parameters<typeof goodAnswer>[0]) => shortAnswer(req, share);
  const long = (language: string, words: number) => ({
    ...input(language === 'zh' ? '跑步鞋' : 'trail shoes', language),
    wordCount: words,
  });
  const bodyWords = (html: string) =>
    countWords(html.split(/<h2>(?:Frequently asked questions|常见问题)<\/h2>/)[0].replace(/<[^>]*>/g, ' '));

  it('asks a model once to lengthen a body of 40 % of the asked length, with the draft, and stores the longer one', async () => {
    double.chats.length = 0;
    double.fallback = (req) => ({ kind: 'json', body: completion(stepOf(req) === 'article' ? shortOf(0.4)(req) : goodAnswer(req)) });
    const saved: Record<string, unknown> = {};
    const progress = { steps: saved, save: async (step: string, value: unknown) => void (saved[step] = value) };
    const article = await writeArticle(writer(false), createCoverRenderer(), { ...long('en', 1000), progress });
    const lengthen = double.chats.filter((c) => stepOf(c) === 'lengthen');
    expect(lengthen).toHaveLength(1);
    const draft = String(saved.article);
    const asked = lengthen[0].messages.find((m) => m.role === 'user')!.content;
    expect(asked).toContain(cleanModelText(draft));
    expect(asked).toMatch(/has \d+ words; it should have about 1000 words/);
    expect(countWords(draft)).toBeLessThan(500);
    expect(bodyWords(article.body)).toBeGreaterThanOrEqual(700);
    // A rerun of the item (after a wait) asks nothing again: the lengthened body was kept with its steps.
    double.chats.length = 0;
    const again = await writeArticle(writer(false), createCoverRenderer(), { ...long('en', 1000), progress });
    expect(double.chats).toHaveLength(0);
    expect(again.body).toBe(article.body);
  });

  /** Writes a 1,000-word article whose draft came back short: the item's reason, after exactly one lengthen call. */
  async function reasonAfterOneLengthen(language: string): Promise<Message> {
    const failure = await writeArticle(writer(false), createCoverRenderer(), long(language, 1000)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(double.chats.filter((c) => stepOf(c) === 'lengthen')).toHaveLength(1);
    expect(failure).toBeInstanceOf(WordedError);
    return (failure as WordedError).reason as Message;
  }

  for (const language of ['en', 'zh']) {
    it(`fails the item with the reason when the lengthened body is still short (${language})`, async () => {
      double.chats.length = 0;
      double.fallback = (req) => ({
        kind: 'json',
        body: completion(['article', 'lengthen'].includes(stepOf(req)) ? shortOf(0.4)(req) : goodAnswer(req)),
      });
      const reason = await reasonAfterOneLengthen(language);
      expect(render('en', reason)).toMatch(
        /The article has \d+ words after it was asked once to lengthen it; 1000 words were asked for \(at least 700/,
      );
      expect(render('zh_CN', reason)).toMatch(/正文在要求扩写一次后仍只有 \d+ 个词（中文按字计）；任务要求 1000 个词（至少需要 700 个）/);
    });
  }

  for (const language of ['en', 'zh']) {
    it(`fails the item naming the headings the lengthened body lost (${language})`, async () => {
      double.chats.length = 0;
      // Long enough, but one section of the outline is gone: a heading renamed.
      const [kept, renamed] = language === 'zh' ? ['## 实用建议', '## 总结'] : ['## Tips', '## Final thoughts'];
      double.fallback = (req) => ({
        kind: 'json',
        body: completion(
          stepOf(req) === 'article'
            ? shortOf(0.4)(req)
            : stepOf(req) === 'lengthen'
              ? goodAnswer(req).replace(kept, renamed)
              : goodAnswer(req),
        ),
      });
      const reason = await reasonAfterOneLengthen(language);
      expect(render('en', reason)).toBe(
        `The lengthened article lost 1 section heading(s) of its draft (“${kept.slice(3)}”): the outline it was asked for is not kept, so it is not stored`,
      );
      expect(render('zh_CN', reason)).toBe(
        `扩写后的正文丢失了草稿中的 1 个小节标题（“${kept.slice(3)}”），没有保留要求的大纲，文章不予保存`,
      );
    });
  }

  it('puts back on the page a link to the site that the lengthened body lost', async () => {
    const site = 'https://shoes.example';
    const guide = `${site}/trail-running-guide/`;
    // The draft links one of the site's live pages; the lengthened body drops every link.
    double.fallback = (req) => ({
      kind: 'json',
      body: completion(
        stepOf(req) === 'article'
          ? shortOf(0.4)(req).replace(/\n\n## /, `\n\nRead [our trail running guide](${guide}) before you buy.\n\n## `)
          : goodAnswer(req),
      ),
    });
    const article = await writeArticle(writer(false), createCoverRenderer(), {
      ...long('en', 1000),
      siteUrl: site,
      sitePages: [{ title: 'Trail running for beginners', keyword: 'trail running', url: guide }],
    });
    const body = article.body.split('<h2>Frequently asked questions</h2>')[0];
    expect(body).toContain(`<a href="${guide}">our trail running guide</a>`);
    expect(bodyWords(article.body)).toBeGreaterThanOrEqual(700);
  });

  it('never sends the offline writer’s brief back to be lengthened', async () => {
    const steps: string[] = [];
    const offline = createOfflineWriter();
    const recording: Writer = { name: offline.name, offline: true, complete: (r) => (steps.push(r.step), offline.complete(r)) };
    const brief = await writeArticle(recording, createCoverRenderer(), long('en', 5000));
    expect(brief.kind).toBe('brief');
    expect(bodyWords(brief.body)).toBeLessThan(3500);
    expect(steps).toEqual(['outline', 'article', 'faq', 'meta']);
  });
});
