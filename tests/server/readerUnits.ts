import { htmlText } from '../../server/domain/articles/articleHtml';

/**
 * The units of text a reader meets in an article's HTML: its sentences and list items, each once
 * per occurrence. Labels ("Questions to answer:") head a section's list; they are structure, not
 * sentences, and are left out. For telling filler (a unit said twice) in the tests and the bench.
 */
export const readerUnits = (html: string) =>
  html
    .split(/<\/?(?:p|li|h[1-6]|blockquote)[^>]*>/)
    .map(htmlText)
    .flatMap((t) => t.split(/(?<=[.!?。！？])\s*/))
    .map((t) => t.trim())
    .filter((t) => t.length > 3 && !/[:：]$/.test(t));
