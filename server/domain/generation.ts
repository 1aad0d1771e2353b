import fs from 'node:fs';
import path from 'node:path';
import type { PromptKind } from '../../contract/schemas/prompt';
import type { Writer, WriteStep } from '../providers/llm/types';
import type { ImageProvider } from '../providers/image/types';
import { OFFLINE_NOTE } from '../providers/llm/offline';
import { markdownToHtml, countWords, htmlText } from './articleHtml';
import { STEP_FORMAT, parseBody, parseFaq, parseMeta, parseOutline, type FaqItem } from './generationParse';
import { renderTemplate, type PromptValues } from './promptTemplates';
import { seoChecks, seoScore, type SeoCheck } from './seo';
import { slugify } from './slug';

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
  /**
   * Issue 19: what an earlier run of this item wrote (the answer of each step, each picture's
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
  wordCount: number;
  seoScore: number;
  seoChecks: SeoCheck[];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Tokens to ask for: generous for the body (≈ 2 tokens a word, more for CJK), small for the rest. */
const maxTokens = (step: WriteStep, words: number) => (step === 'article' ? Math.min(16_000, Math.round(words * 2.5) + 500) : 1200);

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
  const ask = async (step: WriteStep) => {
    const kept = input.progress?.steps[step];
    if (typeof kept === 'string') return kept;
    const text = await writer.complete({
      step,
      system: `${STEP_FORMAT[step]} Write in the language "${input.language}".`,
      prompt: renderTemplate(input.prompts[step], values),
      values: { ...values },
      maxTokens: maxTokens(step, input.wordCount),
      signal: input.signal,
    });
    await input.progress?.save(step, text);
    return text;
  };

  const outline = parseOutline(await ask('outline'));
  values.title = outline.title;
  values.outline = outline.sections.map((s) => `- ${s}`).join('\n');
  const markdown = parseBody(await ask('article'), Math.min(150, Math.round(input.wordCount / 4)));
  const faq = parseFaq(await ask('faq'));
  const meta = parseMeta(await ask('meta'), slugify(input.keyword) || `article-${input.itemId}`);

  const pictures = input.images ? await drawImages(imageProvider, input, outline.title, outline.sections) : [];
  let html = markdownToHtml(markdown);
  html = placeInlineImages(html, pictures.slice(1));
  html += `\n<h2>${escapeHtml(faqHeading(input.language))}</h2>\n` + faq.map((f) => `<h3>${escapeHtml(f.question)}</h3>\n<p>${escapeHtml(f.answer)}</p>`).join('\n');
  if (writer.offline) html += `\n<p><em>${escapeHtml(OFFLINE_NOTE)}</em></p>`;

  const cover = pictures[0];
  const checks = seoChecks({
    title: outline.title,
    body: html,
    slug: meta.slug,
    metaDescription: meta.metaDescription,
    keyword: input.keyword,
    language: input.language,
    faq,
    coverUrl: cover?.url ?? '',
    coverAlt: cover?.alt ?? '',
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
    images: pictures,
    writer: writer.name,
    wordCount: countWords(htmlText(html)),
    seoScore: seoScore(checks),
    seoChecks: checks,
  };
}

const faqHeading = (language: string) => (language.toLowerCase().startsWith('zh') ? '常见问题' : 'Frequently asked questions');

/**
 * A generated picture: its alt text names the keyword (for search engines and screen readers); its
 * visible caption is the subject, left out when it names the keyword (it repeats the heading above
 * it then, and would add to the keyword's density).
 */
interface Picture {
  url: string;
  alt: string;
  caption: string;
}

/** The cover (the title) and in-article pictures (section headings), each with alt text naming the keyword. */
async function drawImages(provider: ImageProvider, input: GenerationInput, title: string, sections: string[]) {
  const dir = path.join(input.uploadsDir, 'generated');
  await fs.promises.mkdir(dir, { recursive: true });
  const subjects = [title, ...sections.filter((_, i) => i % 2 === 0)].slice(0, input.imageCount);
  const pictures: Picture[] = [];
  for (const [n, subject] of subjects.entries()) {
    // A picture an earlier run of this item drew and kept is not asked for again.
    const keptExt = input.progress?.steps[`image-${n}`];
    let name = typeof keptExt === 'string' ? `item-${input.itemId}-${n}.${keptExt}` : '';
    if (!name || !fs.existsSync(path.join(dir, name))) {
      const image = await provider.generate({
        prompt: `An editorial illustration for an article about "${input.keyword}": ${subject}. No text in the image.`,
        caption: subject,
        variant: n,
        signal: input.signal,
      });
      // One name per item and picture: a rerun of the item overwrites, never duplicates.
      name = `item-${input.itemId}-${n}.${image.ext}`;
      await fs.promises.writeFile(path.join(dir, name), image.bytes);
      if (!provider.offline) await input.progress?.save(`image-${n}`, image.ext);
    }
    const alt = n === 0 ? `${title}` : `${subject} (${input.keyword})`;
    const namesKeyword = (text: string) => text.toLowerCase().includes(input.keyword.toLowerCase());
    pictures.push({ url: `/uploads/generated/${name}`, alt: namesKeyword(alt) ? alt : `${alt}: ${input.keyword}`, caption: namesKeyword(subject) ? '' : subject });
  }
  return pictures;
}

/** Puts picture n after the first paragraph of every other section (2nd, 4th, …). */
function placeInlineImages(html: string, pictures: Picture[]): string {
  if (pictures.length === 0) return html;
  const parts = html.split(/(?=<h2\b)/i);
  let next = 0;
  for (let i = 1; i < parts.length && next < pictures.length; i += 2) {
    const picture = pictures[next++];
    const figure = `<figure><img src="${picture.url}" alt="${escapeHtml(picture.alt)}" loading="lazy" />${picture.caption ? `<figcaption>${escapeHtml(picture.caption)}</figcaption>` : ''}</figure>`;
    parts[i] = parts[i].replace(/<\/p>/i, (end) => `${end}\n${figure}`);
  }
  return parts.join('');
}
