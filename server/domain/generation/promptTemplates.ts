import { PROMPT_VARIABLES, type PromptKind, type PromptVariable } from '../../../contract/schemas/prompt';
import { label } from '../../i18n/messages';
import { invalid } from '../errors';

export type PromptValues = Record<PromptVariable, string>;

/** `{name}` with a name of letters, digits and underscores; `{{` and `}}` stand for literal braces. */
const VARIABLE = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function variablesOf(content: string): string[] {
  const found = new Set<string>();
  for (const match of content.matchAll(VARIABLE)) if (match[1]) found.add(match[1]);
  return [...found];
}

/** Refuses a template that uses a variable we cannot fill, naming each one. */
export function checkTemplate(content: string, field = 'content'): void {
  const unknown = variablesOf(content).filter((name) => !(PROMPT_VARIABLES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    const braced = (names: readonly string[]) => names.map((n) => `{${n}}`).join(', ');
    throw invalid('prompt.unknownVariable', { field: label(field, 'prompt'), unknown: braced(unknown), known: braced(PROMPT_VARIABLES) });
  }
}

export function renderTemplate(content: string, values: PromptValues): string {
  return content.replace(VARIABLE, (whole, name: string | undefined) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    return name && name in values ? values[name as PromptVariable] : whole;
  });
}

export const SAMPLE_VALUES: PromptValues = {
  keyword: 'indoor herb garden',
  title: 'Indoor Herb Garden: A Beginner’s Guide',
  language: 'en',
  site: 'Green Kitchen Blog',
  word_count: '1200',
  outline: '- Why grow herbs indoors\n- Choosing the right herbs\n- Light, water and soil\n- Harvesting and care',
};

/** The built-in defaults, one per kind (read-only; a user copies one to change it). */
export const BUILT_IN_PROMPTS: Record<PromptKind, { name: string; content: string }> = {
  outline: {
    name: 'Default outline',
    content:
      'Plan an SEO article in {language} about "{keyword}" for the website {site}, about {word_count} words long. ' +
      'Propose a compelling title that contains the keyword and 4 to 8 section headings (H2) that cover what a reader searching for "{keyword}" wants to know, in a logical order.',
  },
  article: {
    name: 'Default article',
    content:
      'Write the article "{title}" in {language} for {site}, about {word_count} words, for readers searching for "{keyword}".\n' +
      'Follow this outline, one section per heading, in this order:\n{outline}\n' +
      'Start with a short introduction that uses "{keyword}" in its first sentence. Use the keyword naturally (about 1% of the words), short paragraphs (under 120 words), plain language, and concrete, accurate advice.',
  },
  faq: {
    name: 'Default FAQ',
    content:
      'Write 4 frequently asked questions with concise answers (40 to 80 words each) about "{keyword}", in {language}, for the article "{title}".',
  },
  meta: {
    name: 'Default meta',
    content:
      'For the article "{title}" about "{keyword}" in {language}: write an SEO meta title (under 60 characters, containing the keyword), ' +
      'a meta description of 120 to 160 characters that contains the keyword and invites the click, and a short URL slug in lowercase latin letters with hyphens that contains the keyword.',
  },
};
