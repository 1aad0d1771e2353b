import { message, type Message } from '../../i18n/messages';
import { createHash } from 'node:crypto';
import { remoteCall, type RemoteAnswer, type RemoteTarget } from './remoteCall';
import { answerError, PublishError } from './publishError';
import type { WordPressCredentials } from './wordpress';
import { differences, siteLinksIn, type Difference, type HeldPost } from './wordpressVerify';

/** A picture of the article as bytes, read from this server's uploads. */
export interface LocalImage {
  bytes: Buffer;
  filename: string;
  mime: string;
}

export interface PostInput {
  /** Written into the post (an HTML comment and post meta), so a retry finds the post it made. */
  key: string;
  title: string;
  html: string;
  excerpt: string;
  slug: string;
  status: 'draft' | 'publish' | 'future';
  dateGmt: Date | null;
  /** Categories by remote id when the site named one, else by name (created when missing). */
  categories: { remoteId: number | null; name: string }[];
  tags: string[];
  coverUrl: string;
  /** Alt texts by image URL (the cover's included). */
  alts: Record<string, string>;
  metaTitle: string;
  metaDescription: string;
  /** The article's keyword, as the SEO plugin's focus keyword. */
  focusKeyword: string;
  /** The post's author: a user id or login of the site; empty: the application password's user. */
  author: string;
  /**
   * Written through the SEO plugin's canonical field; empty: the site's cleared (chosen empty in
   * Inkpress); null: never chosen, whatever the site holds is left.
   */
  canonicalUrl: string | null;
}

/** What is already on the site, kept by the caller the moment it is known (exactly once). */
export interface RemoteMemory {
  remoteId: string | null;
  media: Record<string, { id: number; url: string }>;
  /** Called as soon as the site names the post's id, before anything else happens. */
  rememberPost(id: string, url: string): Promise<void>;
  rememberMedia(localUrl: string, media: { id: number; url: string }): Promise<void>;
  /** This server's image bytes for a local URL (`/uploads/…`); null for another site's URL. */
  readImage(url: string): Promise<LocalImage | null>;
}

export interface PublishResult {
  remoteId: string;
  remoteUrl: string;
  status: string;
  /** What was not applied, said on the item (e.g. meta not applied). */
  notes: Message[];
  /** What the site holds differently from what was sent, read back after the publish (none: verified). */
  differences: Difference[];
  /** Fields sent that the site has no place for (the focus keyword or canonical URL without an SEO plugin exposing it). */
  unsupported: string[];
  /** The site's pages the post links to, as read back (absent: not read back). */
  links?: string[];
}

const apiUrl = (siteUrl: string, route: string) => `${siteUrl.replace(/\/+$/, '')}/wp-json/wp/v2${route}`;

const authHeader = (c: WordPressCredentials) =>
  `Basic ${Buffer.from(`${c.username}:${c.app_password.replace(/\s+/g, '')}`).toString('base64')}`;

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'");

const YOAST = ['_yoast_wpseo_title', '_yoast_wpseo_metadesc'] as const;
const RANK_MATH = ['rank_math_title', 'rank_math_description'] as const;
const FOCUS_KEYWORD = ['_yoast_wpseo_focuskw', 'rank_math_focus_keyword'] as const;
const CANONICAL = ['_yoast_wpseo_canonical', 'rank_math_canonical_url'] as const;

/** Term lookups-or-creations in flight, by site, taxonomy and name (see termId). */
const termQueue = new Map<string, Promise<unknown>>();

/** The title an uploaded image carries: its article's key and which image it is, found again by the library's search. */
export const mediaMarker = (key: string, localUrl: string) =>
  `inkpress-${key}-${createHash('sha256').update(localUrl).digest('hex').slice(0, 12)}`;

/** The marker a post carries: found by WordPress's search, invisible to readers. */
export const keyComment = (key: string) => `<!-- inkpress:${key} -->`;

/** A WordPress REST call: any 2xx answer that is not JSON fails (the API is not where it should be). */
export type WordPressCall = (
  method: string,
  route: string,
  doing: Message,
  body?: unknown,
  extraHeaders?: Record<string, string>,
) => Promise<RemoteAnswer>;

export function wordpressCaller(siteUrl: string, credentials: WordPressCredentials, target: RemoteTarget): WordPressCall {
  const auth = authHeader(credentials);

  return async function call(
    method: string,
    route: string,
    doing: Message,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<RemoteAnswer> {
    const isBytes = Buffer.isBuffer(body);
    const answer = await remoteCall(
      apiUrl(siteUrl, route),
      {
        method,
        headers: {
          accept: 'application/json',
          authorization: auth,
          'user-agent': 'Inkpress',
          ...(body !== undefined && !isBytes ? { 'content-type': 'application/json' } : {}),
          ...extraHeaders,
        },
        body: body === undefined ? undefined : isBytes ? new Uint8Array(body) : JSON.stringify(body),
      },
      target,
    );
    if (answer.status >= 200 && answer.status < 300 && answer.json === null) {
      const looksHtml = /^\s*</.test(answer.text);
      throw new PublishError(
        message('failure.notJson', { url: apiUrl(siteUrl, route.split('?')[0]), what: looksHtml ? 'HTML' : 'text', doing }),
        false,
      );
    }
    return answer;
  };
}

/**
 * The post made for this key before, or null: by the id stored (unless trashed), else by the key it
 * carries (WordPress's search finds it in the content), handing a found id to `memory.rememberPost`.
 */
export async function findPost(
  call: WordPressCall,
  key: string,
  memory: Pick<RemoteMemory, 'remoteId' | 'rememberPost'>,
): Promise<string | null> {
  let existing: string | null = null;
  if (memory.remoteId) {
    const answer = await call(
      'GET',
      `/posts/${encodeURIComponent(memory.remoteId)}?context=edit&_fields=id,status`,
      message('remoteDoing.readingPost'),
    );
    const status = (answer.json as { status?: unknown } | null)?.status;
    if (answer.status === 200 && status !== 'trash') existing = memory.remoteId;
    else if (answer.status !== 404 && answer.status !== 410 && answer.status !== 200)
      throw answerError('wordpress', answer, message('remoteDoing.readingPost'));
  }
  if (!existing) {
    const answer = await call(
      'GET',
      `/posts?search=${encodeURIComponent(key)}&status=publish,future,draft,pending,private&context=edit&_fields=id,link,content`,
      message('remoteDoing.findingPost'),
    );
    if (answer.status !== 200) throw answerError('wordpress', answer, message('remoteDoing.findingPost'));
    const mine = (Array.isArray(answer.json) ? (answer.json as { id?: unknown; link?: unknown; content?: { raw?: unknown } }[]) : []).find(
      (p) => typeof p.id === 'number' && typeof p.content?.raw === 'string' && p.content.raw.includes(keyComment(key)),
    );
    if (mine) {
      existing = String(mine.id);
      await memory.rememberPost(existing, typeof mine.link === 'string' ? mine.link : '');
    }
  }
  return existing;
}

/**
 * Publishes one article as a WordPress post through the REST API, exactly once: the post is
 * looked up (by its stored id, else by the key it carries) before one is created, and its id is
 * handed to `memory.rememberPost` the moment WordPress answers. Categories and tags are created
 * when missing; the cover and the in-article images go to the media library (each once: `memory`
 * keeps them) and their URLs are rewritten in the content; the meta title and description go to
 * Yoast's or Rank Math's fields when the site exposes them, else the result says so. The post is
 * then read back, and the result says what the site holds differently from what was sent.
 */
export async function publishToWordPress(
  siteUrl: string,
  credentials: WordPressCredentials,
  input: PostInput,
  memory: RemoteMemory,
  target: RemoteTarget,
): Promise<PublishResult> {
  const call = wordpressCaller(siteUrl, credentials, target);

  /**
   * One lookup-or-create at a time per site and term in this process: WordPress does not create a
   * term atomically, so two items creating "Garden Guides" at once would make two categories.
   */
  async function termId(taxonomy: 'categories' | 'tags', name: string): Promise<number> {
    const key = `${siteUrl.replace(/\/+$/, '')}|${taxonomy}|${name.toLowerCase()}`;
    const before = termQueue.get(key) ?? Promise.resolve();
    const mine = before.catch(() => {}).then(() => findOrCreateTerm(taxonomy, name));
    const settled = mine.catch(() => {});
    termQueue.set(key, settled);
    void settled.then(() => {
      if (termQueue.get(key) === settled) termQueue.delete(key);
    });
    return mine;
  }

  async function findOrCreateTerm(taxonomy: 'categories' | 'tags', name: string): Promise<number> {
    const kind = message(taxonomy === 'categories' ? 'remoteSite.category' : 'remoteSite.tag');
    const found = await call(
      'GET',
      `/${taxonomy}?search=${encodeURIComponent(name)}&per_page=100&_fields=id,name`,
      message('remoteDoing.findingTerm', { kind, name }),
    );
    if (found.status !== 200) throw answerError('wordpress', found, message('remoteDoing.findingTerm', { kind, name }));
    const match = (Array.isArray(found.json) ? (found.json as { id?: unknown; name?: unknown }[]) : []).find(
      (t) => typeof t.id === 'number' && typeof t.name === 'string' && decode(t.name).toLowerCase() === name.toLowerCase(),
    );
    if (match) return match.id as number;
    const made = await call('POST', `/${taxonomy}`, message('remoteDoing.creatingTerm', { kind, name }), { name });
    const body = made.json as { id?: unknown; code?: unknown; data?: { term_id?: unknown } } | null;
    if (made.status === 201 || made.status === 200) {
      if (typeof body?.id === 'number') return body.id;
    }
    // Made meanwhile (by us, before a crash, or by someone else): WordPress names the existing term.
    if (body?.code === 'term_exists' && typeof body.data?.term_id === 'number') return body.data.term_id;
    throw answerError('wordpress', made, message('remoteDoing.creatingTerm', { kind, name }));
  }

  /** The site's user named by id or login (its username or slug); a name the site does not know fails the item. */
  async function authorId(author: string): Promise<number> {
    const doing = message('remoteDoing.findingAuthor', { author });
    const answer = /^\d+$/.test(author)
      ? await call('GET', `/users/${author}?context=edit&_fields=id,username,slug`, doing)
      : await call('GET', `/users?search=${encodeURIComponent(author)}&context=edit&per_page=100&_fields=id,username,slug`, doing);
    if (answer.status !== 200 && answer.status !== 404) throw answerError('wordpress', answer, doing);
    const users = answer.status === 404 ? [] : Array.isArray(answer.json) ? answer.json : [answer.json];
    const found = (users as { id?: unknown; username?: unknown; slug?: unknown }[]).find(
      (u) =>
        typeof u?.id === 'number' &&
        (String(u.id) === author || [u.username, u.slug].some((n) => typeof n === 'string' && n.toLowerCase() === author.toLowerCase())),
    );
    if (!found) throw new PublishError(message('failure.authorNotOnSite', { author }), false);
    return found.id as number;
  }

  /** Images uploaded again because the library had lost them (said on the item). */
  const replaced: string[] = [];

  /** The library's copy of an image by the title it was uploaded with, when an upload's answer was lost. */
  async function findMedia(marker: string): Promise<{ id: number; url: string } | null> {
    const answer = await call(
      'GET',
      `/media?search=${encodeURIComponent(marker)}&context=edit&per_page=100&_fields=id,source_url,title`,
      message('remoteDoing.findingImage'),
    );
    if (answer.status !== 200) throw answerError('wordpress', answer, message('remoteDoing.findingImage'));
    const found = (
      Array.isArray(answer.json) ? (answer.json as { id?: unknown; source_url?: unknown; title?: { raw?: unknown } }[]) : []
    ).find((m) => typeof m.id === 'number' && m.title?.raw === marker);
    return found ? { id: found.id as number, url: typeof found.source_url === 'string' ? found.source_url : '' } : null;
  }

  /** Which of the images uploaded before are still in the library (one may have been deleted there). */
  async function stillThere(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const answer = await call(
      'GET',
      `/media?include=${ids.join(',')}&per_page=100&context=edit&_fields=id`,
      message('remoteDoing.readingImages'),
    );
    if (answer.status !== 200) throw answerError('wordpress', answer, message('remoteDoing.readingImages'));
    return new Set((Array.isArray(answer.json) ? (answer.json as { id?: unknown }[]) : []).map((m) => m.id as number));
  }

  /**
   * An image in the site's library, once: the copy remembered (when still there), else the one an
   * earlier upload made (found by its title, when that upload's answer was lost), else a new upload.
   */
  async function media(url: string, live: Set<number>): Promise<{ id: number; url: string } | null> {
    const known = memory.media[url];
    if (known && live.has(known.id)) return known;
    const image = await memory.readImage(url);
    if (!image) return null;
    const marker = mediaMarker(input.key, url);
    const earlier = await findMedia(marker);
    if (earlier) {
      await memory.rememberMedia(url, earlier);
      return earlier;
    }
    if (known) replaced.push(url);
    const alt = input.alts[url] ?? '';
    const answer = await call(
      'POST',
      `/media?alt_text=${encodeURIComponent(alt)}&title=${encodeURIComponent(marker)}`,
      message('remoteDoing.uploadingImage', { file: image.filename }),
      image.bytes,
      {
        'content-type': image.mime,
        'content-disposition': `attachment; filename="${image.filename.replace(/["\\\r\n]/g, '')}"`,
      },
    );
    const body = answer.json as { id?: unknown; source_url?: unknown } | null;
    if ((answer.status !== 201 && answer.status !== 200) || typeof body?.id !== 'number')
      throw answerError('wordpress', answer, message('remoteDoing.uploadingImage', { file: image.filename }));
    const made = { id: body.id, url: typeof body.source_url === 'string' ? body.source_url : '' };
    await memory.rememberMedia(url, made);
    return made;
  }
  /** The post as the site holds it now, with its featured image's alt text (null when that image is gone). */
  async function readBack(id: string): Promise<HeldPost> {
    const answer = await call(
      'GET',
      `/posts/${encodeURIComponent(id)}?context=edit&_fields=id,status,slug,author,excerpt,content,categories,tags,featured_media,meta`,
      message('remoteDoing.readingPostBack'),
    );
    const p = answer.json as {
      status?: unknown;
      slug?: unknown;
      author?: unknown;
      excerpt?: { raw?: unknown };
      content?: { raw?: unknown };
      categories?: unknown;
      tags?: unknown;
      featured_media?: unknown;
      meta?: unknown;
    } | null;
    if (answer.status !== 200 || !p) throw answerError('wordpress', answer, message('remoteDoing.readingPostBack'));
    const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
    const featuredMedia = typeof p.featured_media === 'number' ? p.featured_media : 0;
    let featuredAlt: string | null = null;
    if (featuredMedia) {
      const image = await call(
        'GET',
        `/media/${featuredMedia}?context=edit&_fields=id,alt_text`,
        message('remoteDoing.readingFeaturedImage'),
      );
      if (image.status === 200) featuredAlt = String((image.json as { alt_text?: unknown } | null)?.alt_text ?? '');
      else if (image.status !== 404 && image.status !== 410)
        throw answerError('wordpress', image, message('remoteDoing.readingFeaturedImage'));
    }
    return {
      status: typeof p.status === 'string' ? p.status : '',
      slug: typeof p.slug === 'string' ? p.slug : '',
      author: typeof p.author === 'number' ? p.author : 0,
      excerpt: typeof p.excerpt?.raw === 'string' ? p.excerpt.raw : '',
      categories: ids(p.categories),
      tags: ids(p.tags),
      featuredMedia,
      featuredAlt,
      meta: p.meta && typeof p.meta === 'object' && !Array.isArray(p.meta) ? (p.meta as Record<string, unknown>) : {},
      links: typeof p.content?.raw === 'string' ? siteLinksIn(p.content.raw, siteUrl) : [],
    };
  }

  // Terms first: a category that cannot be created fails the item before any post exists.
  const categories: number[] = [];
  for (const c of input.categories) categories.push(c.remoteId ?? (await termId('categories', c.name)));
  const tags: number[] = [];
  for (const t of input.tags) tags.push(await termId('tags', t));
  // The author too: a user the site does not have fails the item before any post exists.
  const author = input.author ? await authorId(input.author) : null;

  const live = await stillThere(Object.values(memory.media).map((m) => m.id));
  const cover = input.coverUrl ? await media(input.coverUrl, live) : null;
  let html = input.html;
  const sources = [...new Set([...html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/gi)].map((m) => m[1]))];
  for (const src of sources) {
    const uploaded = await media(src.replace(/&amp;/g, '&'), live);
    if (uploaded?.url) html = html.split(`src="${src}"`).join(`src="${uploaded.url}"`);
  }
  html = `${html}\n${keyComment(input.key)}`;

  const post: Record<string, unknown> = {
    title: input.title,
    content: html,
    excerpt: input.excerpt,
    slug: input.slug || undefined,
    status: input.status,
    ...(input.status === 'future' && input.dateGmt ? { date_gmt: input.dateGmt.toISOString().slice(0, 19) } : {}),
    // An update without categories or tags leaves the post's own.
    ...(categories.length ? { categories } : {}),
    ...(tags.length ? { tags } : {}),
    ...(cover ? { featured_media: cover.id } : {}),
    ...(author !== null ? { author } : {}),
    meta: {
      inkpress_key: input.key,
      [YOAST[0]]: input.metaTitle,
      [YOAST[1]]: input.metaDescription,
      [RANK_MATH[0]]: input.metaTitle,
      [RANK_MATH[1]]: input.metaDescription,
      ...Object.fromEntries(FOCUS_KEYWORD.map((key) => [key, input.focusKeyword])),
      // Only when chosen: a canonical set on the site by hand is not cleared by each update; one cleared in Inkpress is.
      ...(input.canonicalUrl !== null ? Object.fromEntries(CANONICAL.map((key) => [key, input.canonicalUrl])) : {}),
    },
  };

  // Exactly once: the post we made before (by the id we stored, else by the key it carries).
  const existing = await findPost(call, input.key, memory);

  const answer = existing
    ? await call('POST', `/posts/${encodeURIComponent(existing)}`, message('remoteDoing.updatingPost'), post)
    : await call('POST', '/posts', message('remoteDoing.creatingPost'), post);
  const saved = answer.json as { id?: unknown; link?: unknown; status?: unknown; meta?: Record<string, unknown> } | null;
  if ((answer.status !== 200 && answer.status !== 201) || typeof saved?.id !== 'number')
    throw answerError('wordpress', answer, message(existing ? 'remoteDoing.updatingPost' : 'remoteDoing.creatingPost'));
  const remoteId = String(saved.id);
  const remoteUrl = typeof saved.link === 'string' ? saved.link : '';
  if (!existing) await memory.rememberPost(remoteId, remoteUrl);

  const notes: Message[] = [];
  const meta = saved.meta ?? {};
  const applied = [YOAST, RANK_MATH].some(
    ([title, description]) => meta[title] === input.metaTitle && meta[description] === input.metaDescription,
  );
  const focusKeys = FOCUS_KEYWORD.filter((key) => key in meta);
  const canonicalKeys = CANONICAL.filter((key) => key in meta);
  const unsupported: string[] = [];
  if (input.focusKeyword && focusKeys.length === 0) unsupported.push('focus_keyword');
  if (input.canonicalUrl && canonicalKeys.length === 0) unsupported.push('canonical_url');
  // A site without an SEO plugin holds none of them: one note names every field it could not hold.
  const notApplied = [
    ...(applied ? [] : [message('failure.seoFieldMeta')]),
    ...(unsupported.includes('focus_keyword') ? [message('failure.seoFieldFocusKeyword')] : []),
    ...(unsupported.includes('canonical_url') ? [message('failure.seoFieldCanonical')] : []),
  ];
  if (notApplied.length)
    notes.push(
      message('failure.seoNotApplied', {
        fields: notApplied.reduceRight((rest, first, i) =>
          message(i === notApplied.length - 2 ? 'failure.seoFieldsAnd' : 'failure.seoFieldsComma', { first, rest }),
        ),
      }),
    );
  const missingCover = input.coverUrl && !cover;
  if (missingCover) notes.push(message('failure.coverNotUploaded'));
  if (replaced.length) notes.push(message('failure.imagesUploadedAgain', { count: replaced.length }));

  // Read back: what the site holds (a plugin may rename the slug, a draft stays a draft), not what was asked.
  const exposed = [YOAST, RANK_MATH].filter(([title, description]) => title in meta && description in meta);
  const held = await readBack(remoteId);
  const differs = differences(
    {
      status: input.status,
      slug: input.slug,
      author,
      excerpt: input.excerpt,
      categories,
      tags,
      featuredMedia: cover?.id ?? null,
      featuredAlt: input.coverUrl ? (input.alts[input.coverUrl] ?? '') : null,
      seo: [
        ...exposed.flatMap(([title, description]) => [
          { field: 'meta_title' as const, key: title, value: input.metaTitle },
          { field: 'meta_description' as const, key: description, value: input.metaDescription },
        ]),
        ...focusKeys.map((key) => ({ field: 'focus_keyword' as const, key, value: input.focusKeyword })),
        ...(input.canonicalUrl !== null
          ? canonicalKeys.map((key) => ({ field: 'canonical_url' as const, key, value: input.canonicalUrl ?? '' }))
          : []),
      ],
    },
    held,
  );
  if (differs.length)
    notes.push(
      message('failure.differsOnSite', {
        fields: differs
          .map((d) => message('failure.differsField', { field: d.field, actual: String(d.actual), expected: String(d.expected) }))
          .reduceRight((rest, first) => message('validation.and', { first, rest })),
      }),
    );
  return { remoteId, remoteUrl, status: held.status, notes, differences: differs, unsupported, links: held.links };
}
