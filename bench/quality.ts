import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeArticle, type GeneratedArticle, type GenerationInput } from '../server/domain/generation/generation';
import { createOfflineWriter } from '../server/providers/llm/offline';
import { createChatWriter } from '../server/providers/llm/openaiChat';
import { createCoverRenderer } from '../server/providers/image/coverRenderer';
import { BUILT_IN_PROMPTS } from '../server/domain/generation/promptTemplates';
import { languageShare, LANGUAGE_SHARE_MIN } from '../server/domain/generation/generationParse';
import { htmlText } from '../server/domain/articles/articleHtml';
import { sentencesOf, seoChecks, seoScore } from '../server/domain/articles/seo';
import { readerUnits } from '../tests/server/readerUnits';
import { HABITS, completion, goodAnswer, sseEvents, startLlmDouble, wrapInHabit, type Habit } from '../tests/server/llmDouble';
import type { BenchSection } from './lib';

/**
 * Article quality, `npm run bench -- quality`: 104 offline briefs (52 English, 52
 * Chinese keywords of every intent) and 32 articles through the loopback model double (clean and each of its
 * 7 wrapping habits, plain and streamed, in English and Chinese). Goals: 100 % in the language
 * asked for, 0 % sentences repeated within a brief, every meta description distinct, every
 * wrapping habit cleaned.
 */
const EN_SUBJECTS = [
  'running shoes',
  'sourdough bread',
  'balcony solar panels',
  'home espresso',
  'indoor herbs',
  'electric bikes',
  'standing desks',
  'sleep tracking',
  'cold brew coffee',
  'houseplant care',
  'budget travel',
  'password managers',
  'beginner yoga',
];
const EN_FORMS = (s: string) => [`how to choose ${s}`, `best ${s}`, `${s} price`, s];
const ZH_SUBJECTS = [
  '跑步鞋',
  '酸面包',
  '阳台太阳能板',
  '家用咖啡机',
  '室内香草',
  '电动自行车',
  '升降桌',
  '睡眠监测',
  '冷萃咖啡',
  '绿植养护',
  '穷游',
  '密码管理器',
  '瑜伽入门',
];
const ZH_FORMS = (s: string) => [`如何选择${s}`, `${s}推荐`, `${s}多少钱`, s];

const prompts = Object.fromEntries(Object.entries(BUILT_IN_PROMPTS).map(([kind, p]) => [kind, p.content])) as GenerationInput['prompts'];

const pct = (n: number, of: number) => `${of ? Math.round((1000 * n) / of) / 10 : 0} %`;

export const quality: BenchSection = {
  name: 'quality',
  title: 'Article quality: offline briefs and model-double articles',
  async run(log) {
    const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-quality-'));
    try {
      const input = (keyword: string, language: string): GenerationInput => ({
        itemId: 1,
        keyword,
        language,
        siteName: 'Bench site',
        wordCount: 1200,
        images: false,
        imageCount: 0,
        prompts,
        uploadsDir,
      });
      // Offline briefs.
      const briefs: { language: string; a: GeneratedArticle }[] = [];
      for (const [language, keywords] of [
        ['en', EN_SUBJECTS.flatMap(EN_FORMS)],
        ['zh', ZH_SUBJECTS.flatMap(ZH_FORMS)],
      ] as const) {
        for (const keyword of keywords)
          briefs.push({ language, a: await writeArticle(createOfflineWriter(), createCoverRenderer(), input(keyword, language)) });
      }
      log(`${briefs.length} offline briefs written`);
      const inLanguage = briefs.filter(
        ({ language, a }) => languageShare(`${a.title} ${htmlText(a.body)}`, language).share >= LANGUAGE_SHARE_MIN,
      ).length;
      let unitsTotal = 0;
      let unitsRepeated = 0;
      for (const { a } of briefs) {
        const all = readerUnits(a.body);
        unitsTotal += all.length;
        unitsRepeated += all.length - new Set(all).size;
      }
      const metas = new Set(briefs.map(({ a }) => a.metaDescription)).size;
      const markedBrief = briefs.filter(({ a }) => a.kind === 'brief' && a.seoScore === 0).length;

      // Model-double articles, one per habit × plain/streamed × language (plus clean ones).
      const double = await startLlmDouble();
      const model: { habit: Habit | 'clean'; language: string; stream: boolean; a: GeneratedArticle; clean: GeneratedArticle | null }[] =
        [];
      try {
        const cases: { habit: Habit | 'clean'; language: string; stream: boolean }[] = [];
        for (const language of ['en', 'zh'])
          for (const stream of [false, true]) for (const habit of ['clean', ...HABITS] as const) cases.push({ habit, language, stream });
        const baseline = new Map<string, GeneratedArticle>();
        for (const c of cases) {
          double.fallback = (req) => {
            const text = c.habit === 'clean' ? goodAnswer(req) : wrapInHabit(c.habit, req, goodAnswer(req));
            return c.stream ? { kind: 'sse', events: sseEvents(text, 4) } : { kind: 'json', body: completion(text) };
          };
          const writer = createChatWriter({
            baseUrl: double.url,
            apiKey: 'k',
            model: 'double',
            stream: c.stream,
            timeoutMs: 5000,
            maxRetries: 0,
            maxRetryWaitMs: 0,
            fetch,
          });
          const keyword = c.language === 'zh' ? '跑步鞋' : 'trail shoes';
          const a = await writeArticle(writer, createCoverRenderer(), input(keyword, c.language));
          const key = `${c.language}:${c.stream}`;
          if (c.habit === 'clean') baseline.set(key, a);
          model.push({ ...c, a, clean: baseline.get(key) ?? null });
        }
      } finally {
        await double.close();
      }
      log(`${model.length} model-double articles written`);
      const wrapped = model.filter((m) => m.habit !== 'clean');
      const cleaned = wrapped.filter((m) => m.clean && m.a.body === m.clean.body && m.a.title === m.clean.title).length;
      const modelInLanguage = model.filter(
        (m) => languageShare(`${m.a.title} ${htmlText(m.a.body)}`, m.language).share >= LANGUAGE_SHARE_MIN,
      ).length;
      // The product's score against its own checks: recomputed from the stored HTML, and the share of repeated sentences.
      const agree = model.filter((m) => {
        const again = seoChecks({
          title: m.a.title,
          body: m.a.body,
          slug: m.a.slug,
          metaDescription: m.a.metaDescription,
          keyword: m.language === 'zh' ? '跑步鞋' : 'trail shoes',
          language: m.language,
          faq: m.a.faq,
          coverUrl: '',
          coverAlt: '',
        });
        return seoScore(again) === m.a.seoScore;
      }).length;
      const modelSentences = model.map((m) => sentencesOf(m.a.body));
      const repeatedModel = modelSentences.reduce((n, s) => n + s.length - new Set(s).size, 0);
      const totalModel = modelSentences.reduce((n, s) => n + s.length, 0);
      const scores = model.map((m) => m.a.seoScore).sort((x, y) => x - y);

      return [
        { what: 'offline briefs (en + zh)', value: String(briefs.length), note: `${markedBrief} marked as a brief, not scored` },
        { what: 'briefs in the language asked for', value: pct(inLanguage, briefs.length), note: 'goal 100 %' },
        {
          what: 'sentences repeated within a brief',
          value: pct(unitsRepeated, unitsTotal),
          note: `${unitsRepeated} of ${unitsTotal}; goal 0 %`,
        },
        { what: 'distinct meta descriptions', value: `${metas} / ${briefs.length}`, note: 'goal: all distinct' },
        {
          what: 'model-double articles',
          value: String(model.length),
          note: `${wrapped.length} wrapped in a habit (${HABITS.join(', ')}), plain and streamed, en and zh`,
        },
        {
          what: 'cleaning pass rate',
          value: pct(cleaned, wrapped.length),
          note: 'stored article identical to the clean answer; goal 100 %',
        },
        { what: 'model articles in the language asked for', value: pct(modelInLanguage, model.length) },
        {
          what: 'sentences repeated within a model article',
          value: pct(repeatedModel, totalModel),
          note: 'the double repeats its paragraphs on purpose',
        },
        {
          what: 'product score vs its own checks',
          value: pct(agree, model.length),
          note: `scores ${scores[0]}–${scores[scores.length - 1]}; repeated sentences cap the score at "needs work"`,
        },
      ];
    } finally {
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    }
  },
};
