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

/** Why a FAQPage document is not valid for search engines (and which question, from 1), or null when it is. */
export function faqJsonLdProblem(
  doc: unknown,
): { problem: 'notFaqPage' | 'noQuestions' | 'noText' | 'noAnswer'; question?: number } | null {
  const d = doc as { '@context'?: unknown; '@type'?: unknown; mainEntity?: unknown };
  if (!d || d['@context'] !== 'https://schema.org' || d['@type'] !== 'FAQPage') return { problem: 'notFaqPage' };
  if (!Array.isArray(d.mainEntity) || d.mainEntity.length === 0) return { problem: 'noQuestions' };
  for (const [i, q] of (
    d.mainEntity as { '@type'?: unknown; name?: unknown; acceptedAnswer?: { '@type'?: unknown; text?: unknown } }[]
  ).entries()) {
    if (q['@type'] !== 'Question' || typeof q.name !== 'string' || !q.name.trim()) return { problem: 'noText', question: i + 1 };
    if (q.acceptedAnswer?.['@type'] !== 'Answer' || typeof q.acceptedAnswer.text !== 'string' || !q.acceptedAnswer.text.trim())
      return { problem: 'noAnswer', question: i + 1 };
  }
  return null;
}

/** `<script type="application/ld+json">` blocks, safe to paste into a page (no `</script>` break-out). */
export const jsonLdScript = (doc: object) =>
  `<script type="application/ld+json">${JSON.stringify(doc, null, 2).replace(/</g, '\\u003c')}</script>`;
