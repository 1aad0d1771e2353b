import { diffLines, diffWords, type ChangeObject } from 'diff';
import type { FieldDiff } from '../../../contract/schemas/articleVersion';
import { htmlToMarkdown } from './htmlMarkdown';

/** The fields of an article's text that a version keeps. */
export interface VersionText {
  title: string;
  body: string;
  metaTitle: string;
  metaDescription: string;
}

const partsOf = (changes: ChangeObject<string>[]) =>
  changes.map((c) => ({ value: c.value, added: Boolean(c.added), removed: Boolean(c.removed) }));

/**
 * What changed from `before` (a kept version) to `after` (the current text): the title and meta word
 * by word, the body as Markdown line by line (what a reader compares: paragraphs, headings, links),
 * never its markup.
 */
export function versionDiff(before: VersionText, after: VersionText): FieldDiff[] {
  const words = (field: FieldDiff['field'], a: string, b: string): FieldDiff => ({
    field,
    changed: a !== b,
    parts: partsOf(diffWords(a, b)),
  });
  const bodyBefore = htmlToMarkdown(before.body);
  const bodyAfter = htmlToMarkdown(after.body);
  return [
    words('title', before.title, after.title),
    words('meta_title', before.metaTitle, after.metaTitle),
    words('meta_description', before.metaDescription, after.metaDescription),
    { field: 'body', changed: bodyBefore !== bodyAfter, parts: partsOf(diffLines(bodyBefore, bodyAfter)) },
  ];
}
