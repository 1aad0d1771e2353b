import path from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import type { ExportArticle } from '../../domain/publishing/publishExport';
import { htmlToMarkdown } from '../../domain/articles/htmlMarkdown';
import { articleJsonLd, faqJsonLd, jsonLdScript } from '../../domain/articles/jsonLd';

/** A file in the archive: its path and bytes; `stored` for bytes that do not compress (PNG, JPEG, WebP). */
export interface ZipEntry {
  name: string;
  data: Uint8Array;
  stored?: boolean;
}

/** This server's bytes for a local image URL (`/uploads/…`); null for an image elsewhere (left as its URL). */
export type ReadImage = (url: string) => Promise<Buffer | null>;

const PACKED = new Set(['.png', '.jpg', '.jpeg', '.webp', '.gif']);

/**
 * A ZIP archive as a stream of chunks (fflate's streaming writer): each entry is compressed and
 * handed on as soon as it is added, so an export never holds more than one file in memory.
 */
export async function* zipStream(entries: AsyncIterable<ZipEntry>, modified: Date): AsyncGenerator<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  let ended = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else chunks.push(chunk);
    if (final) ended = true;
  });
  for await (const entry of entries) {
    const file = entry.stored ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 });
    file.mtime = modified;
    zip.add(file);
    file.push(entry.data, true);
    if (failure) throw failure;
    while (chunks.length) yield chunks.shift() as Uint8Array;
  }
  zip.end();
  if (failure) throw failure;
  while (chunks.length) yield chunks.shift() as Uint8Array;
  if (!ended) throw new Error('The ZIP archive did not close');
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** A YAML scalar in double quotes (JSON's escaping is valid YAML). */
const yaml = (s: string) => JSON.stringify(s);
/** A file or folder name that is safe on every system. */
const safeName = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex -- control characters are not allowed in file names
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '-')
    .replace(/^[.\s-]+|[.\s-]+$/g, '')
    .slice(0, 80);

/** A slug as its reader reads it: WordPress's percent-encoded form (`%e5%ae%b6`) back to its letters (家). */
function readableSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

/**
 * The folder of an article in the archive: `<id>-<slug>`, in the slug's own letters (fflate marks a
 * name that is not ASCII as UTF-8, so unzip tools show it as written).
 */
export const articleFolder = (a: { id: number; slug: string }) => `${a.id}-${safeName(readableSlug(a.slug)) || 'article'}`;

/** A path inside the archive as a link: each segment percent-encoded, so a browser opens the file of that name. */
const hrefOf = (file: string) => file.split('/').map(encodeURIComponent).join('/');

export interface ExportedImage {
  /** Where it is in the archive, relative to the article's folder (`images/…`); empty when not copied. */
  file: string;
  source: string;
  alt: string;
  cover: boolean;
}

export interface ManifestEntry {
  id: number;
  title: string;
  slug: string;
  folder: string;
  html: string;
  markdown: string;
  category: string | null;
  tags: string[];
  images: ExportedImage[];
  /** Local images named by the article that are no longer on this server. */
  missing_images: string[];
}

/**
 * The files of one article: `<folder>/index.html` (a whole page: meta, JSON-LD, cover, body),
 * `<folder>/index.md` (front matter + Markdown) and `<folder>/images/<file>` for each image of this
 * server (the cover and every in-article image), the pages pointing at those copies. Images of
 * other sites stay at their URLs.
 */
export async function articleEntries(item: ExportArticle, readImage: ReadImage): Promise<{ entries: ZipEntry[]; manifest: ManifestEntry }> {
  const a = item.article;
  const folder = articleFolder(a);
  const sources = [
    ...new Set([
      ...(a.coverUrl ? [a.coverUrl] : []),
      ...a.images.map((i) => i.url),
      ...[...a.body.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/gi)].map((m) => m[1].replace(/&amp;/g, '&')),
    ]),
  ];
  const entries: ZipEntry[] = [];
  const images: ExportedImage[] = [];
  const missing: string[] = [];
  const local = new Map<string, string>();
  const used = new Set<string>();
  for (const source of sources) {
    const alt = a.images.find((i) => i.url === source)?.alt ?? '';
    const bytes = await readImage(source);
    if (bytes === null) {
      if (source.startsWith('/')) missing.push(source);
      images.push({ file: '', source, alt, cover: source === a.coverUrl });
      continue;
    }
    const ext = path.extname(source.split('?')[0]).toLowerCase();
    const base = safeName(path.basename(source.split('?')[0], ext)) || 'image';
    let name = `${base}${ext}`;
    for (let n = 2; used.has(name); n++) name = `${base}-${n}${ext}`;
    used.add(name);
    const file = `images/${name}`;
    local.set(source, file);
    entries.push({ name: `${folder}/${file}`, data: bytes, stored: PACKED.has(ext) });
    images.push({ file, source, alt, cover: source === a.coverUrl });
  }
  const body = a.body.replace(/(<img\b[^>]*?\ssrc=")([^"]+)"/gi, (whole, head: string, src: string) => {
    const file = local.get(src.replace(/&amp;/g, '&'));
    return file ? `${head}${file}"` : whole;
  });
  const cover = a.coverUrl
    ? { src: local.get(a.coverUrl) ?? a.coverUrl, alt: a.images.find((i) => i.url === a.coverUrl)?.alt || a.title }
    : null;
  const title = a.metaTitle || a.title;
  const jsonLd = [
    articleJsonLd({ ...a, coverUrl: cover?.src ?? '', siteUrl: item.siteUrl, siteName: item.siteName }),
    ...(a.faq.length ? [faqJsonLd(a.faq)] : []),
  ];
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(a.language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(a.metaDescription)}">`,
    ...(a.keyword ? [`<meta name="keywords" content="${escapeHtml([a.keyword, ...item.tags].join(', '))}">`] : []),
    ...jsonLd.map(jsonLdScript),
    '</head>',
    '<body>',
    '<article>',
    `<h1>${escapeHtml(a.title)}</h1>`,
    ...(cover ? [`<figure><img src="${escapeHtml(cover.src)}" alt="${escapeHtml(cover.alt)}"></figure>`] : []),
    body,
    '</article>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
  const markdown = [
    '---',
    `title: ${yaml(a.title)}`,
    `slug: ${yaml(a.slug)}`,
    `description: ${yaml(a.metaDescription)}`,
    ...(a.metaTitle && a.metaTitle !== a.title ? [`meta_title: ${yaml(a.metaTitle)}`] : []),
    `keyword: ${yaml(a.keyword)}`,
    `language: ${yaml(a.language)}`,
    `date: ${yaml(a.createdAt.toISOString())}`,
    ...(item.category ? [`categories: [${yaml(item.category.name)}]`] : []),
    ...(item.tags.length ? [`tags: [${item.tags.map(yaml).join(', ')}]`] : []),
    ...(cover ? [`cover: ${yaml(cover.src)}`, `cover_alt: ${yaml(cover.alt)}`] : []),
    '---',
    '',
    htmlToMarkdown(body).trim(),
    '',
  ].join('\n');
  entries.unshift({ name: `${folder}/index.html`, data: strToU8(html) }, { name: `${folder}/index.md`, data: strToU8(markdown) });
  return {
    entries,
    manifest: {
      id: a.id,
      title: a.title,
      slug: a.slug,
      folder,
      html: `${folder}/index.html`,
      markdown: `${folder}/index.md`,
      category: item.category?.name ?? null,
      tags: item.tags,
      images,
      missing_images: missing,
    },
  };
}

/**
 * The export archive: a folder per article (see articleEntries), then `articles.json` (what is
 * where) and `index.html` (a page linking every article).
 */
export async function* exportEntries(
  articles: AsyncIterable<ExportArticle>,
  readImage: ReadImage,
  exportedAt: Date,
): AsyncGenerator<ZipEntry> {
  const manifest: ManifestEntry[] = [];
  for await (const item of articles) {
    const { entries, manifest: entry } = await articleEntries(item, readImage);
    yield* entries;
    manifest.push(entry);
  }
  yield { name: 'articles.json', data: strToU8(JSON.stringify({ exported_at: exportedAt.toISOString(), articles: manifest }, null, 2)) };
  const links = manifest.map(
    (m) =>
      `<li><a href="${escapeHtml(hrefOf(m.html))}">${escapeHtml(m.title)}</a> · <a href="${escapeHtml(hrefOf(m.markdown))}">Markdown</a></li>`,
  );
  yield {
    name: 'index.html',
    data: strToU8(
      [
        '<!doctype html>',
        '<html>',
        '<head><meta charset="utf-8"><title>Inkpress export</title></head>',
        '<body>',
        '<h1>Inkpress export</h1>',
        `<ul>\n${links.join('\n')}\n</ul>`,
        '</body>',
        '</html>',
        '',
      ].join('\n'),
    ),
  };
}
