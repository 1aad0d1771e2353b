import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { PromptKind } from '../../../contract/schemas/prompt';
import type { Writer, WriteStep } from '../../providers/llm/types';
import type { ImageProvider } from '../../providers/image/types';
import type { RelatedArticle } from '../../providers/llm/types';
import { markdownToHtml, countWords, htmlText, readableText } from '../articles/articleHtml';
import { STEP_FORMAT, checkLanguage, parseBody, parseFaq, parseMeta, parseOutline, type FaqItem } from './generationParse';
import { renderTemplate, type PromptValues } from './promptTemplates';
import { limitsFor, seoChecks, seoScore, type SeoCheck } from '../articles/seo';
import { fitDescription, fitTitle } from './fitLimits';
import { slugify, uniqueSlug } from '../articles/slug';
import { dropGuessedLinks } from '../links/guessedLinks';
import { listRelated } from '../links/relatedList';
import { relatedArticles, type SiteArticleHead, type SitePage } from './siteContext';
import { atAskedLength, putBackLinks } from './lengthen';

export interface GenerationInput {
  itemId: number;
  keyword: string;
  language: string;
  siteName: string;
  wordCount: number;
  images: boolean;
  imageCount: number;
  prompts: Record<PromptKind, string>;
  /** DATA_DIR/uploads: images are written under generated/ and served at /uploads/generated/. */
  uploadsDir: string;
  signal?: AbortSignal;
  /** The site's address, for links to its own articles. */
  siteUrl?: string;
  /** The site's other articles, newest first: their titles not reused. */
  siteArticles?: SiteArticleHead[];
  /** The site's live pages, newest first: linked when related, by their addresses; no other page of the site is. */
  sitePages?: SitePage[];
  /** The text (HTML) of the site's newest articles, for the duplicate-content checks. */
  siteBodies?: string[];
  /** The slugs of the site equal to a base or base-N (a site's slugs are unique). */
  slugsLike?: (base: string) => Promise<string[]>;
  /**
   * What an earlier run of this item wrote (the answer of each step, each picture's
   * format), and where to keep each new one, so a run after a wait asks nothing twice.
   */
  progress?: { steps: Record<string, unknown>; save(step: string, value: unknown): Promise<void> };
}

export interface GeneratedArticle {
  title: string;
  slug: string;
  metaTitle: string;
  metaDescription: string;
  body: string;
  outline: string[];
  faq: FaqItem[];
  coverUrl: string;
  images: { url: string; alt: string }[];
  writer: string;
  /** `brief`: the offline writer's plan, never published live; `article`: written by a model. */
  kind: 'article' | 'brief';
  wordCount: number;
  seoScore: number;
  seoChecks: SeoCheck[];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Tokens to ask for: generous for the body (≈ 2 tokens a word, more for CJK), small for the rest. */
const maxTokens = (step: WriteStep, words: number) =>
  step === 'article' || step === 'lengthen' ? Math.min(16_000, Math.round(words * 2.5) + 500) : 1200;

/**
 * keyword → outline → sections → FAQ → meta title, description and slug → cover and in-article
 * images with alt text → sanitised HTML with its SEO score. Nothing is stored here; the caller
 * saves the result with the item's completion.
 */
export async function writeArticle(writer: Writer, imageProvider: ImageProvider, input: GenerationInput): Promise<GeneratedArticle> {
  const values: PromptValues = {
    keyword: input.keyword,
    title: '',
    language: input.language,
    site: input.siteName,
    word_count: String(input.wordCount),
    outline: '',
  };
  const heads = input.siteArticles ?? [];
  const pages = input.sitePages ?? [];
  const related: RelatedArticle[] = relatedArticles(input.keyword, pages);
  // The site's address tells the model which links are this site's pages (those it may not guess).
  const site = input.siteUrl ? ` This site is at ${input.siteUrl}.` : '';
  const linkOnly = related.length
    ? `${site} Link only these articles of this site, at these exact addresses, where they fit: ${related
        .map((r) => `[${r.title}](${r.url})`)
        .join(', ')}; link no other page of this site.`
    : `${site} Do not link to any page of this site: it has none to link yet.`;
  const takenTitles = heads.map((h) => h.title);
  const avoid =
    takenTitles.length && heads.some((h) => h.keyword.toLowerCase() === input.keyword.toLowerCase())
      ? ` These titles are already used on this site; choose a different one: ${takenTitles
          .filter((_, i) => heads[i].keyword.toLowerCase() === input.keyword.toLowerCase())
          .slice(0, 10)
          .map((t) => JSON.stringify(t))
          .join(', ')}.`
      : '';
  const ask = async (step: WriteStep, prompt = () => renderTemplate(input.prompts[step as PromptKind], values)) => {
    const kept = input.progress?.steps[step];
    if (typeof kept === 'string') return kept;
    const text = await writer.complete({
      step,
      system: `${STEP_FORMAT[step]} Write in the language "${input.language}".${step === 'outline' ? avoid : ''}${step === 'article' || step === 'lengthen' ? linkOnly : ''}`,
      prompt: prompt(),
      values: { ...values },
      maxTokens: maxTokens(step, input.wordCount),
      signal: input.signal,
      related,
      avoidTitles: takenTitles,
    });
    await input.progress?.save(step, text);
    return text;
  };

  const outline = parseOutline(await ask('outline'));
  outline.title = titleWithin(outline.title, takenTitles, input.language);
  values.title = outline.title;
  values.outline = outline.sections.map((s) => `- ${s}`).join('\n');
  const draft = parseBody(await ask('article'), writer.offline ? 0 : Math.min(150, Math.round(input.wordCount / 4)), outline.title);
  // A body well short of the asked length is sent back once to be lengthened (the draft's headings and
  // links to the site kept); still short, or its structure lost, the item fails (and is refunded).
  const asked = {
    keyword: input.keyword,
    title: outline.title,
    siteName: input.siteName,
    language: input.language,
    words: input.wordCount,
    siteUrl: input.siteUrl ?? '',
    liveUrls: pages.map((p) => p.url),
  };
  const { markdown, lostLinks } = writer.offline
    ? { markdown: draft, lostLinks: [] }
    : await atAskedLength(draft, asked, (prompt) => ask('lengthen', () => prompt));
  // A wrong-language answer fails the item (and is refunded) rather than being stored as the language asked for.
  checkLanguage(`${outline.title}\n${markdown}`, input.language);
  // Answers are Markdown like the body (`**Yes.** …`): the page shows them rendered, the stored FAQ
  // (and its FAQPage data) their text.
  const faqHtml = parseFaq(await ask('faq')).map((f) => ({ question: f.question, answer: markdownToHtml(f.answer) }));
  const faq: FaqItem[] = faqHtml.map((f) => ({ question: f.question, answer: readableText(f.answer) }));
  const meta = parseMeta(await ask('meta'), slugify(input.keyword) || `article-${input.itemId}`);
  // The keyword stays in the slug (WordPress's percent-encoded form for non-latin letters), unique within the site.
  if (!meta.slug.includes(slugify(input.keyword))) meta.slug = slugify(input.keyword) || meta.slug;
  meta.slug = uniqueSlug(meta.slug, input.slugsLike ? await input.slugsLike(meta.slug) : []);

  const kind = writer.offline ? 'brief' : 'article';
  // A brief gets its cover only (its image ideas are in the text); an article a picture per section it illustrates.
  // The embedded renderer draws a title on a gradient: fine for a cover, no illustration of a section.
  const pictures = input.images
    ? await drawImages(imageProvider, input, outline.title, kind === 'brief' || imageProvider.offline ? [] : outline.sections)
    : [];
  // The links to the site's pages the lengthening lost are put back on their words, then filtered like the others.
  let html = dropGuessedLinks(
    putBackLinks(markdownToHtml(markdown), lostLinks, input.language),
    input.siteUrl ?? '',
    pages.map((p) => p.url),
  );
  html = placeInlineImages(html, pictures.slice(1));
  // The related pages the text does not link yet, listed under the related heading.
  const unlinked = related.filter((r) => !html.includes(`href="${escapeHtml(r.url)}"`));
  if (kind === 'article')
    html = listRelated(
      html,
      unlinked.map((r) => ({ href: escapeHtml(r.url), text: escapeHtml(r.title) })),
      input.language,
    );
  html +=
    `\n<h2>${escapeHtml(faqHeading(input.language, kind))}</h2>\n` +
    faqHtml.map((f) => `<h3>${escapeHtml(f.question)}</h3>\n${f.answer}`).join('\n');

  // What a search result shows whole: the meta title and description brought within the SEO panel's lengths.
  meta.metaTitle = fitTitle(meta.metaTitle, input.language);
  meta.metaDescription = fitDescription(meta.metaDescription, readableText(/<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? ''), input.language);

  const cover = pictures[0];
  const checks =
    kind === 'brief'
      ? [briefCheck()]
      : seoChecks({
          title: outline.title,
          body: html,
          slug: meta.slug,
          metaDescription: meta.metaDescription,
          keyword: input.keyword,
          language: input.language,
          faq,
          coverUrl: cover?.url ?? '',
          coverAlt: cover?.alt ?? '',
          siteUrl: input.siteUrl ?? '',
          otherArticles: input.siteBodies ?? [],
        });
  return {
    title: outline.title,
    slug: meta.slug,
    metaTitle: meta.metaTitle,
    metaDescription: meta.metaDescription,
    body: html,
    outline: outline.sections,
    faq,
    coverUrl: cover?.url ?? '',
    images: pictures.map(({ url, alt }) => ({ url, alt })),
    writer: writer.name,
    kind,
    wordCount: countWords(htmlText(html)),
    seoScore: seoScore(checks),
    seoChecks: checks,
  };
}

const zh = (language: string) => language.toLowerCase().startsWith('zh');

/** A brief is not an article: it is not scored, and says what would make it one. */
const briefCheck = (): SeoCheck => ({ id: 'brief', passed: false, weight: 100, outcome: 'brief', values: {} });

/** The model's title within the SEO panel's length, marked as another take when the site already has it (the mark within the length too). */
function titleWithin(title: string, taken: string[], language: string): string {
  const fitted = fitTitle(title, language);
  const distinct = distinctTitle(fitted, taken, language);
  const over = [...distinct].length - limitsFor(language).title;
  return over > 0 ? distinctTitle(fitTitle(title, language, over), taken, language) : distinct;
}

/** The model's title, or, when the site already has an article with that title, the title marked as another take. */
function distinctTitle(title: string, taken: string[], language: string): string {
  const used = new Set(taken.map((t) => t.trim().toLowerCase()));
  if (!used.has(title.trim().toLowerCase())) return title;
  for (let n = 2; ; n++) {
    const candidate = zh(language) ? `${title}（${n}）` : `${title} (${n})`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

const faqHeading = (language: string, kind: 'article' | 'brief') =>
  kind === 'brief' ? (zh(language) ? '常见问题候选' : 'FAQ candidates') : zh(language) ? '常见问题' : 'Frequently asked questions';

/**
 * A generated picture: its alt text names the keyword (for search engines and screen readers); its
 * visible caption is the subject, left out when it names the keyword (it repeats the heading above
 * it then, and would add to the keyword's density).
 */
interface Picture {
  url: string;
  alt: string;
  caption: string;
  /** The section it illustrates (index in the outline); -1 for the cover. */
  section: number;
}

/**
 * The cover (the title) and in-article pictures, one per illustrated section (the 1st, 3rd, …),
 * each asked for with its own section, and each with alt text naming the keyword. A picture
 * identical to one before it is left out.
 */
async function drawImages(provider: ImageProvider, input: GenerationInput, title: string, sections: string[]) {
  const dir = path.join(input.uploadsDir, 'generated');
  await fs.promises.mkdir(dir, { recursive: true });
  const subjects = [title, ...sections.filter((_, i) => i % 2 === 0)].slice(0, Math.max(1, input.imageCount));
  const pictures: Picture[] = [];
  const seen = new Set<string>();
  for (const [n, subject] of subjects.entries()) {
    // A picture an earlier run of this item drew and kept is not asked for again.
    const keptExt = input.progress?.steps[`image-${n}`];
    const keptName = typeof keptExt === 'string' ? `item-${input.itemId}-${n}.${keptExt}` : '';
    const kept = keptName && fs.existsSync(path.join(dir, keptName));
    const image = kept
      ? { bytes: await fs.promises.readFile(path.join(dir, keptName)), ext: keptExt as string }
      : await provider.generate({
          prompt:
            n === 0
              ? `A cover illustration for an article titled "${title}" about "${input.keyword}". No text in the image.`
              : `An editorial illustration for the section "${subject}" of an article about "${input.keyword}", showing what that section is about. No text in the image.`,
          caption: subject,
          variant: n,
          signal: input.signal,
        });
    const digest = createHash('sha256').update(image.bytes).digest('hex');
    if (seen.has(digest)) continue;
    seen.add(digest);
    // One name per item and picture: a rerun of the item overwrites, never duplicates.
    const name = `item-${input.itemId}-${n}.${image.ext}`;
    if (!kept) {
      await fs.promises.writeFile(path.join(dir, name), image.bytes);
      if (!provider.offline) await input.progress?.save(`image-${n}`, image.ext);
    }
    const alt = n === 0 ? `${title}` : `${subject} (${input.keyword})`;
    const namesKeyword = (text: string) => text.toLowerCase().includes(input.keyword.toLowerCase());
    pictures.push({
      url: `/uploads/generated/${name}`,
      alt: namesKeyword(alt) ? alt : `${alt}: ${input.keyword}`,
      caption: namesKeyword(subject) ? '' : subject,
      section: n === 0 ? -1 : (n - 1) * 2,
    });
  }
  return pictures;
}

/** Puts each picture after the first paragraph of the section it illustrates. */
function placeInlineImages(html: string, pictures: Picture[]): string {
  if (pictures.length === 0) return html;
  const parts = html.split(/(?=<h2\b)/i);
  for (const picture of pictures) {
    const i = picture.section + 1;
    if (i < 1 || i >= parts.length) continue;
    const figure = `<figure><img src="${picture.url}" alt="${escapeHtml(picture.alt)}" loading="lazy" />${picture.caption ? `<figcaption>${escapeHtml(picture.caption)}</figcaption>` : ''}</figure>`;
    parts[i] = parts[i].replace(/<\/p>/i, (end) => `${end}\n${figure}`);
  }
  return parts.join('');
}
