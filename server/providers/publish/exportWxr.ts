import path from 'node:path';
import type { ExportArticle, ExportSelection } from '../../domain/publishing/publishExport';
import { slugOf } from '../../domain/publishing/publishExport';

/**
 * WordPress eXtended RSS (WXR 1.2), the file WordPress's own exporter writes and its importer
 * (Tools → Import → WordPress) reads: the channel names the categories and tags, each article is a
 * post item with its categories, tags, excerpt and SEO meta, and each image of the article is an
 * attachment item (its parent the post, the cover as the post's `_thumbnail_id`) whose
 * `wp:attachment_url` the importer downloads, rewriting that URL in the content to its copy.
 */

const NS = {
  excerpt: 'http://wordpress.org/export/1.2/excerpt/',
  content: 'http://purl.org/rss/1.0/modules/content/',
  wfw: 'http://wellformedweb.org/CommentAPI/',
  dc: 'http://purl.org/dc/elements/1.1/',
  wp: 'http://wordpress.org/export/1.2/',
};

/** Attachments get ids above every article id (a WXR id only links items within the file). */
const ATTACHMENT_IDS = 2_000_000_000;

// eslint-disable-next-line no-control-regex -- the characters XML 1.0 does not allow
const NOT_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const clean = (s: string) => s.replace(NOT_XML, '');
/** Text in CDATA: a `]]>` inside is split across two sections. */
export const cdata = (s: string) => `<![CDATA[${clean(s).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const text = (s: string) => clean(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** `YYYY-MM-DD HH:MM:SS` in UTC, as WordPress writes post dates. */
const wpDate = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
const rfc822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');

export interface WxrOptions {
  /** This server's public address: image URLs in the file are absolute, for the importer to download. */
  publicUrl: string;
  /** The author the posts name (the importer maps it to a user of the site). */
  author: { login: string; email: string; displayName: string };
  postStatus: 'draft' | 'publish';
  exportedAt: Date;
}

const absolute = (url: string, base: string) => {
  try {
    return new URL(url, `${base}/`).toString();
  } catch {
    return url;
  }
};

function postmeta(key: string, value: string) {
  return `\t\t<wp:postmeta>\n\t\t\t<wp:meta_key>${cdata(key)}</wp:meta_key>\n\t\t\t<wp:meta_value>${cdata(value)}</wp:meta_value>\n\t\t</wp:postmeta>`;
}

function itemXml(
  fields: {
    title: string;
    link: string;
    date: Date;
    creator: string;
    guid: string;
    content: string;
    excerpt: string;
    id: number;
    name: string;
    status: string;
    parent: number;
    type: string;
  },
  extra: string[],
) {
  const f = fields;
  return [
    '\t<item>',
    `\t\t<title>${cdata(f.title)}</title>`,
    `\t\t<link>${text(f.link)}</link>`,
    `\t\t<pubDate>${rfc822(f.date)}</pubDate>`,
    `\t\t<dc:creator>${cdata(f.creator)}</dc:creator>`,
    `\t\t<guid isPermaLink="false">${text(f.guid)}</guid>`,
    '\t\t<description></description>',
    `\t\t<content:encoded>${cdata(f.content)}</content:encoded>`,
    `\t\t<excerpt:encoded>${cdata(f.excerpt)}</excerpt:encoded>`,
    `\t\t<wp:post_id>${f.id}</wp:post_id>`,
    `\t\t<wp:post_date>${cdata(wpDate(f.date))}</wp:post_date>`,
    `\t\t<wp:post_date_gmt>${cdata(wpDate(f.date))}</wp:post_date_gmt>`,
    `\t\t<wp:post_modified>${cdata(wpDate(f.date))}</wp:post_modified>`,
    `\t\t<wp:post_modified_gmt>${cdata(wpDate(f.date))}</wp:post_modified_gmt>`,
    `\t\t<wp:comment_status>${cdata('open')}</wp:comment_status>`,
    `\t\t<wp:ping_status>${cdata('open')}</wp:ping_status>`,
    `\t\t<wp:post_name>${cdata(f.name)}</wp:post_name>`,
    `\t\t<wp:status>${cdata(f.status)}</wp:status>`,
    `\t\t<wp:post_parent>${f.parent}</wp:post_parent>`,
    '\t\t<wp:menu_order>0</wp:menu_order>',
    `\t\t<wp:post_type>${cdata(f.type)}</wp:post_type>`,
    `\t\t<wp:post_password>${cdata('')}</wp:post_password>`,
    '\t\t<wp:is_sticky>0</wp:is_sticky>',
    ...extra,
    '\t</item>',
    '',
  ].join('\n');
}

/** The items of one article: an attachment per image of it, then the post. */
function articleItems(item: ExportArticle, options: WxrOptions, nextAttachmentId: () => number): string {
  const a = item.article;
  const link = (url: string) => absolute(url, options.publicUrl);
  const sources = [
    ...new Set([
      ...(a.coverUrl ? [a.coverUrl] : []),
      ...[...a.body.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/gi)].map((m) => m[1].replace(/&amp;/g, '&')),
    ]),
  ];
  const out: string[] = [];
  let thumbnail = 0;
  for (const source of sources) {
    const url = link(source);
    const id = nextAttachmentId();
    if (source === a.coverUrl) thumbnail = id;
    const alt = a.images.find((i) => i.url === source)?.alt ?? '';
    const base = path.basename(new URL(url).pathname).replace(/\.[^.]+$/, '') || `image-${id}`;
    out.push(
      itemXml(
        {
          title: base,
          link: url,
          date: a.createdAt,
          creator: options.author.login,
          guid: url,
          content: '',
          excerpt: '',
          id,
          name: slugOf(base),
          status: 'inherit',
          parent: a.id,
          type: 'attachment',
        },
        [`\t\t<wp:attachment_url>${cdata(url)}</wp:attachment_url>`, ...(alt ? [postmeta('_wp_attachment_image_alt', alt)] : [])],
      ),
    );
  }
  // The content names each image by the same absolute URL as its attachment, for the importer to rewrite.
  const content = a.body.replace(
    /(<img\b[^>]*?\ssrc=")([^"]+)"/gi,
    (_m, head: string, src: string) => `${head}${text(link(src.replace(/&amp;/g, '&')))}"`,
  );
  const terms = [
    ...(item.category
      ? [`\t\t<category domain="category" nicename="${text(item.category.slug)}">${cdata(item.category.name)}</category>`]
      : []),
    ...item.tags.map((tag) => `\t\t<category domain="post_tag" nicename="${text(slugOf(tag))}">${cdata(tag)}</category>`),
  ];
  const meta = [
    ...(thumbnail ? [postmeta('_thumbnail_id', String(thumbnail))] : []),
    ...(a.metaTitle ? [postmeta('_yoast_wpseo_title', a.metaTitle), postmeta('rank_math_title', a.metaTitle)] : []),
    ...(a.metaDescription
      ? [postmeta('_yoast_wpseo_metadesc', a.metaDescription), postmeta('rank_math_description', a.metaDescription)]
      : []),
  ];
  out.push(
    itemXml(
      {
        title: a.title,
        link: `${options.publicUrl}/?p=${a.id}`,
        date: a.createdAt,
        creator: options.author.login,
        guid: `${options.publicUrl}/?p=${a.id}`,
        content,
        excerpt: a.metaDescription,
        id: a.id,
        name: a.slug || slugOf(a.title),
        status: options.postStatus,
        parent: 0,
        type: 'post',
      },
      [...terms, ...meta],
    ),
  );
  return out.join('');
}

/** The WXR file as a stream of text, the articles read in batches as it goes. */
export async function* wxrStream(selection: ExportSelection, options: WxrOptions): AsyncGenerator<string> {
  const base = options.publicUrl;
  let termId = 0;
  yield [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    '<!-- A WordPress eXtended RSS file (WXR 1.2) written by Inkpress: import it with Tools → Import → WordPress. -->',
    `<rss version="2.0" ${Object.entries(NS)
      .map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`)
      .join(' ')}>`,
    '<channel>',
    `\t<title>${text('Inkpress export')}</title>`,
    `\t<link>${text(base)}</link>`,
    `\t<description>${text(`${selection.count} article(s)`)}</description>`,
    `\t<pubDate>${rfc822(options.exportedAt)}</pubDate>`,
    '\t<language>en</language>',
    '\t<wp:wxr_version>1.2</wp:wxr_version>',
    `\t<wp:base_site_url>${text(base)}</wp:base_site_url>`,
    `\t<wp:base_blog_url>${text(base)}</wp:base_blog_url>`,
    '\t<wp:author>',
    '\t\t<wp:author_id>1</wp:author_id>',
    `\t\t<wp:author_login>${cdata(options.author.login)}</wp:author_login>`,
    `\t\t<wp:author_email>${cdata(options.author.email)}</wp:author_email>`,
    `\t\t<wp:author_display_name>${cdata(options.author.displayName)}</wp:author_display_name>`,
    `\t\t<wp:author_first_name>${cdata('')}</wp:author_first_name>`,
    `\t\t<wp:author_last_name>${cdata('')}</wp:author_last_name>`,
    '\t</wp:author>',
    ...selection.categories.map(
      (c) =>
        `\t<wp:category>\n\t\t<wp:term_id>${++termId}</wp:term_id>\n\t\t<wp:category_nicename>${cdata(c.slug)}</wp:category_nicename>\n\t\t<wp:category_parent>${cdata('')}</wp:category_parent>\n\t\t<wp:cat_name>${cdata(c.name)}</wp:cat_name>\n\t</wp:category>`,
    ),
    ...selection.tags.map(
      (tag) =>
        `\t<wp:tag>\n\t\t<wp:term_id>${++termId}</wp:term_id>\n\t\t<wp:tag_slug>${cdata(slugOf(tag))}</wp:tag_slug>\n\t\t<wp:tag_name>${cdata(tag)}</wp:tag_name>\n\t</wp:tag>`,
    ),
    '\t<generator>Inkpress</generator>',
    '',
  ].join('\n');
  let attachments = ATTACHMENT_IDS;
  for await (const item of selection.articles()) yield articleItems(item, options, () => ++attachments);
  yield '</channel>\n</rss>\n';
}
