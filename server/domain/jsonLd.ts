/** Structured data for an article page: Article, and FAQPage when the article has questions. */
export interface JsonLdInput {
  title: string;
  metaDescription: string;
  coverUrl: string;
  language: string;
  createdAt: Date;
  updatedAt: Date;
  faq: { question: string; answer: string }[];
  /** The site's public address, to make image URLs absolute; empty when unknown. */
  siteUrl: string;
  siteName: string;
}

const absolute = (url: string, base: string) => {
  if (!url) return url;
  try {
    return new URL(url, base || 'http://localhost').toString();
  } catch {
    return url;
  }
};

export function articleJsonLd(a: JsonLdInput) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: a.title.slice(0, 110),
    description: a.metaDescription,
    inLanguage: a.language,
    datePublished: a.createdAt.toISOString(),
    dateModified: a.updatedAt.toISOString(),
    ...(a.coverUrl ? { image: [absolute(a.coverUrl, a.siteUrl)] } : {}),
    ...(a.siteName ? { publisher: { '@type': 'Organization', name: a.siteName, ...(a.siteUrl ? { url: a.siteUrl } : {}) } } : {}),
  };
}

export function faqJsonLd(faq: { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** Why a FAQPage document is not valid for search engines, or null when it is. */
export function faqJsonLdProblem(doc: unknown): string | null {
  const d = doc as { '@context'?: unknown; '@type'?: unknown; mainEntity?: unknown };
  if (!d || d['@context'] !== 'https://schema.org' || d['@type'] !== 'FAQPage') return 'not a schema.org FAQPage';
  if (!Array.isArray(d.mainEntity) || d.mainEntity.length === 0) return 'no questions';
  for (const [i, q] of (
    d.mainEntity as { '@type'?: unknown; name?: unknown; acceptedAnswer?: { '@type'?: unknown; text?: unknown } }[]
  ).entries()) {
    if (q['@type'] !== 'Question' || typeof q.name !== 'string' || !q.name.trim()) return `question ${i + 1} has no text`;
    if (q.acceptedAnswer?.['@type'] !== 'Answer' || typeof q.acceptedAnswer.text !== 'string' || !q.acceptedAnswer.text.trim())
      return `question ${i + 1} has no answer`;
  }
  return null;
}

/** `<script type="application/ld+json">` blocks, safe to paste into a page (no `</script>` break-out). */
export const jsonLdScript = (doc: object) =>
  `<script type="application/ld+json">${JSON.stringify(doc, null, 2).replace(/</g, '\\u003c')}</script>`;
