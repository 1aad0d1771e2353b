import { describe, expect, it } from 'vitest';
import { writeArticle, type GenerationInput } from '../../server/domain/generation/generation';
import { createOfflineWriter } from '../../server/providers/llm/offline';
import { createCoverRenderer } from '../../server/providers/image/coverRenderer';
import { BUILT_IN_PROMPTS } from '../../server/domain/generation/promptTemplates';
import { languageShare } from '../../server/domain/generation/generationParse';
import { htmlText } from '../../server/domain/articles/articleHtml';
import { readerUnits } from './readerUnits';
import { wordedIn } from './wordedIn';

const prompts = Object.fromEntries(Object.entries(BUILT_IN_PROMPTS).map(([kind, p]) => [kind, p.content])) as GenerationInput['prompts'];
const brief = (keyword: string, language: string, over: Partial<GenerationInput> = {}) =>
  writeArticle(createOfflineWriter(), createCoverRenderer(), {
    itemId: 1,
    keyword,
    language,
    siteName: 'Shoe Lab',
    wordCount: 1200,
    images: false,
    imageCount: 0,
    prompts,
    uploadsDir: '/nonexistent',
    ...over,
  });

const EN = ['how to clean running shoes', 'best trail running shoes', 'running shoes price', 'plantar fasciitis', 'balcony solar panel'];
const ZH = ['如何选择跑步鞋', '跑步鞋推荐', '跑步鞋多少钱', '足底筋膜炎', '阳台太阳能板'];

describe('the offline writer writes an article brief, not an article', () => {
  it('in the language asked for, marked as a brief, with a goal and questions per section, image ideas and FAQ candidates', async () => {
    for (const [language, keywords] of [
      ['en', EN],
      ['zh', ZH],
    ] as const) {
      for (const keyword of keywords) {
        const a = await brief(keyword, language);
        const text = htmlText(a.body);
        expect(a.kind).toBe('brief');
        expect(a.writer).toBe('offline');
        expect(languageShare(`${a.title} ${text}`, language).share).toBeGreaterThan(0.75);
        expect(a.body).toContain(language === 'zh' ? '文章简报，不是文章' : 'Article brief: not an article');
        expect(a.title).toContain(language === 'zh' ? keyword : keyword.charAt(0).toUpperCase() + keyword.slice(1));
        expect(a.outline.length).toBeGreaterThanOrEqual(4);
        expect(a.body.match(language === 'zh' ? /<strong>目标<\/strong>/g : /<strong>Goal<\/strong>/g)?.length).toBe(a.outline.length);
        expect(a.body).toContain(language === 'zh' ? '替代文本' : 'alt text');
        expect(a.faq.length).toBeGreaterThanOrEqual(3);
        // Not scored as an article, and no filler: no unit of text appears twice.
        expect(a.seoScore).toBe(0);
        expect(a.seoChecks.map((c) => c.id)).toEqual(['brief']);
        const all = readerUnits(a.body);
        expect(all.filter((u, i) => all.indexOf(u) !== i)).toEqual([]);
        expect(text).not.toMatch(/If something does not work|Many readers start with/);
      }
    }
  });

  it('gives every keyword its own meta description and title, and is deterministic', async () => {
    const all = await Promise.all([...EN.map((k) => brief(k, 'en')), ...ZH.map((k) => brief(k, 'zh'))]);
    expect(new Set(all.map((a) => a.metaDescription)).size).toBe(all.length);
    expect(new Set(all.map((a) => a.title)).size).toBe(all.length);
    expect([...all[5].metaDescription].length).toBeLessThanOrEqual(80);
    expect(await brief(EN[0], 'en')).toEqual(all[0]);
  });

  it("links the site's related articles and avoids a title the site already has", async () => {
    const first = await brief('best trail running shoes', 'en');
    const second = await brief('best trail running shoes', 'en', {
      siteUrl: 'https://shoes.example/',
      siteArticles: [
        { title: first.title, slug: 'best-trail-running-shoes', keyword: 'best trail running shoes', writer: 'gpt-4o' },
        { title: 'How to lace running shoes', slug: 'lace-running-shoes', keyword: 'lace running shoes', writer: 'gpt-4o' },
        { title: 'Sourdough starter', slug: 'sourdough', keyword: 'sourdough starter', writer: 'gpt-4o' },
      ],
      sitePages: [
        { title: 'How to lace running shoes', keyword: 'lace running shoes', url: 'https://shoes.example/2024/lace-running-shoes/' },
        { title: 'Sourdough starter', keyword: 'sourdough starter', url: 'https://shoes.example/sourdough/' },
      ],
      slugsLike: async () => ['best-trail-running-shoes'],
    });
    expect(second.title).not.toBe(first.title);
    expect(second.slug).toBe('best-trail-running-shoes-2');
    expect(second.body).toContain('<a href="https://shoes.example/2024/lace-running-shoes/"');
    expect(second.body).not.toContain('sourdough');
  });

  it('refuses a language it cannot plan in, saying what to do in the reader’s language', async () => {
    const failure = await brief('chaussures de course', 'fr').catch((error: unknown) => error);
    expect(wordedIn(failure, 'en')).toBe(
      'The built-in writer plans briefs in English (en) and Chinese (zh) only, not in "fr"; connect a model (Articles → Model) to write in that language',
    );
    expect(wordedIn(failure, 'zh_CN')).toBe(
      '内置写作器只能用英文（en）和中文（zh）做文章简报，不能用“fr”；请连接模型（文章管理 → AI 模型）以用该语言写作',
    );
  });
});
