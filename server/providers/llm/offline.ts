import { createHash } from 'node:crypto';
import type { CompletionRequest, Writer } from './types';

/**
 * The embedded offline writer: the default when no model is configured. It answers each step in
 * the same form a model must (JSON outline, Markdown body, JSON FAQ and meta), built from the
 * keyword, title, outline and length it is given, so the whole pipeline runs without a network.
 * Deterministic: the same input gives the same draft. Its articles say plainly that they are
 * offline drafts (writer "offline", and a closing note in the text).
 */
export const OFFLINE_NOTE =
  'Offline draft: written by Inkpress’s built-in writer from templates, without an AI model. Configure a model (LLM_BASE_URL) for articles written by AI, and review this text before publishing.';

export function createOfflineWriter(): Writer {
  return {
    name: 'offline',
    offline: true,
    async complete(request: CompletionRequest) {
      const { keyword } = request.values;
      const wordCount = Math.max(300, Number(request.values.word_count) || 1000);
      switch (request.step) {
        case 'outline':
          return JSON.stringify({ title: titleFor(keyword), sections: sectionsFor(wordCount) });
        case 'article':
          return bodyFor(keyword, parseOutline(request.values.outline), wordCount);
        case 'faq':
          return JSON.stringify(faqFor(keyword));
        case 'meta':
          return JSON.stringify(metaFor(keyword, request.values.title));
      }
    },
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const seedOf = (...parts: (string | number)[]) => createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0);
const pick = <T>(list: readonly T[], ...seed: (string | number)[]) => list[seedOf(...seed) % list.length];

const TITLES = ['{K}: A Practical Guide', '{K}: What You Need to Know', 'The Complete Guide to {k}', '{K} Explained: Tips and Best Practices'];
const titleFor = (k: string) => pick(TITLES, k).replace('{K}', capitalise(k)).replace('{k}', k);

/**
 * Section headings, none naming the keyword: the first FAQ question ("What is …?", an H3) is the
 * subheading that names it, and naming it in every heading would push its density far past the
 * 0.5–3 % an SEO check expects.
 */
const HEADINGS = [
  'The basics',
  'Why it matters',
  'How to get started',
  'Choosing the right approach',
  'Common mistakes to avoid',
  'Tips to get more from it',
  'What it costs',
  'Step by step',
];
function sectionsFor(wordCount: number): string[] {
  const count = Math.min(HEADINGS.length, Math.max(3, Math.round(wordCount / 220)));
  return HEADINGS.slice(0, count);
}

const parseOutline = (outline: string) =>
  outline
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter(Boolean);

/** Plain sentences (readable, 8 to 18 words), none naming the keyword. */
const SENTENCES = [
  'Many readers start with a simple question about this topic.',
  'This part looks at the main points in plain words.',
  'A clear plan makes the work much easier.',
  'Start small, check the result, and then improve one step at a time.',
  'The best choice depends on your goals, your time and your budget.',
  'Write down what you want to reach before you begin.',
  'People who take notes tend to learn faster and make fewer mistakes.',
  'It helps to compare two or three options side by side.',
  'Look for advice that is recent and comes from people with real experience.',
  'Small habits, repeated often, give the most reliable results.',
  'If something does not work, change one thing and try again.',
  'A short checklist keeps the important points in view.',
  'Quality matters more than speed in the long run.',
  'Ask for feedback early, when changes are still cheap.',
  'Good tools save time, but the method matters more.',
  'Keep a record of what you tried and what happened.',
];
const KEYWORD_SENTENCES = [
  'With {k}, the details make the difference.',
  'Anyone can learn {k} with a little patience.',
  'A good result with {k} starts with clear goals.',
  'Many people find that {k} pays off within a few weeks.',
  'Think of {k} as a skill that grows with practice.',
];

function paragraph(k: string, seed: string, words: number, withKeyword: boolean): string {
  const out: string[] = [];
  let count = 0;
  if (withKeyword) {
    const s = pick(KEYWORD_SENTENCES, seed, 'k').replaceAll('{k}', k);
    out.push(s);
    count += s.split(/\s+/).length;
  }
  for (let i = 0; count < words; i++) {
    const s = pick(SENTENCES, seed, i);
    if (out.includes(s)) continue;
    out.push(s);
    count += s.split(/\s+/).length;
    if (i > 60) break;
  }
  return out.join(' ');
}

/**
 * Times the body may name the keyword beyond the mentions every draft has (the introduction, the
 * first FAQ question): about 2 % of the words, counting each word of the keyword,
 * which keeps the density inside the 0.5–3 % the SEO score checks, for one word or six.
 */
const FIXED_MENTIONS = 2;
const keywordBudget = (k: string, wordCount: number) =>
  Math.floor((wordCount * 0.02) / Math.max(1, k.split(/\s+/).filter(Boolean).length)) - FIXED_MENTIONS;

function bodyFor(k: string, headings: string[], wordCount: number): string {
  const sections = headings.length > 0 ? headings : sectionsFor(wordCount);
  let budget = keywordBudget(k, wordCount);
  // The introduction, the FAQ and the closing note take about 230 words of the length asked for.
  const perSection = Math.max(60, Math.round((wordCount - 230) / sections.length));
  const parts = [
    `${capitalise(k)} is the topic of this guide. ${paragraph(k, `${k}:intro`, 45, false)}`,
  ];
  sections.forEach((heading, index) => {
    parts.push(`## ${heading}`);
    const paragraphs = Math.max(1, Math.round(perSection / 80));
    for (let p = 0; p < paragraphs; p++) {
      parts.push(paragraph(k, `${k}:${index}:${p}`, Math.round(perSection / paragraphs), budget-- > 0));
    }
  });
  return parts.join('\n\n');
}

function faqFor(k: string) {
  return [
    { question: `What is ${k}?`, answer: `It is the subject of this article. In short, it is worth learning the basics first, then building on them step by step with regular practice and honest feedback.` },
    { question: 'How do I get started?', answer: `Set a clear goal, pick one simple method, and try it for a few weeks. Keep notes on what works, and change one thing at a time when it does not.` },
    { question: 'What are the common mistakes?', answer: `Trying to do everything at once, skipping the basics, and not checking results. A short checklist and a steady pace avoid most of these problems.` },
    { question: 'Is it worth it?', answer: `For most people, yes, when they give it time. The benefits grow with practice, and small, regular steps bring the most reliable progress.` },
  ];
}

function metaFor(k: string, title: string) {
  const base = `Learn about ${k}: what it is, how to start, the mistakes to avoid and practical tips. A clear, step-by-step guide for beginners.`;
  const description = base.length > 160 ? `${base.slice(0, 157).replace(/\s+\S*$/, '')}…` : base.length < 120 ? `${base} Read the full guide today.` : base;
  const metaTitle = title.length <= 60 ? title : `${capitalise(k)} guide`.slice(0, 60);
  return { meta_title: metaTitle, meta_description: description, slug: k };
}
