import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback WordPress that speaks the REST API's real shapes (wp/v2 posts, media, categories,
 * tags, users; `{ code, message, data: { status } }` error bodies), with application-password
 * Basic auth, and faults a test can inject for the next matching requests: a status with a body,
 * an HTML page instead of JSON, a slow answer, holding the answer after the work is done (a
 * crash of the caller between "post created" and "id stored"), or losing it (a proxy's 502 after
 * the upload was stored). Media can be listed, searched by title and deleted, as in the library.
 */
export interface WpPost {
  id: number;
  date_gmt: string;
  /** When the post was last saved (WordPress sets it itself on every create and update). */
  modified_gmt: string;
  slug: string;
  status: string;
  link: string;
  title: { raw: string; rendered: string };
  content: { raw: string; rendered: string };
  excerpt: { raw: string; rendered: string };
  featured_media: number;
  author: number;
  categories: number[];
  tags: number[];
  meta: Record<string, unknown>;
}
export interface WpUser {
  id: number;
  username: string;
  slug: string;
  name: string;
}
export interface WpMedia {
  id: number;
  title: string;
  source_url: string;
  alt_text: string;
  mime_type: string;
  bytes: number;
}
export interface WpTerm {
  id: number;
  name: string;
  slug: string;
  taxonomy: string;
}
export interface Fault {
  method: string;
  /** Matched against the start of the path after /wp-json/wp/v2. */
  path: string;
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Answer after this many ms (or never, with `hold`). */
  delayMs?: number;
  /** Do the work, then never answer (until the connection is dropped). */
  hold?: boolean;
  /** Do the work, then answer this status instead (a proxy's 502 after the site stored it). */
  lost?: number;
  /** How many requests it applies to (1 by default). */
  times?: number;
}

export interface WordPressDouble {
  url: string;
  posts: WpPost[];
  media: WpMedia[];
  categories: WpTerm[];
  tags: WpTerm[];
  users: WpUser[];
  /** Each REST request, with its JSON body when it had one. */
  requests: { method: string; path: string; body?: Record<string, unknown> }[];
  faults: Fault[];
  /** Register Yoast's meta fields for the REST API (as a site with a plugin that exposes them). */
  exposeYoast: boolean;
  /** What a plugin of the site does to each post it saves (renames its slug, drops a tag…). */
  onSave: ((post: WpPost) => void) | null;
  close(): Promise<void>;
}

/** The meta fields Yoast registers for the REST API: SEO title, description, focus keyword and canonical URL. */
const YOAST_FIELDS = ['_yoast_wpseo_title', '_yoast_wpseo_metadesc', '_yoast_wpseo_focuskw', '_yoast_wpseo_canonical'];

export const WP_USER = 'editor';
export const WP_PASSWORD = 'abcd efgh ijkl mnop';

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'term';

export async function startWordPressDouble(): Promise<WordPressDouble> {
  const held: http.ServerResponse[] = [];
  const files = new Map<string, Buffer>();
  const state: Omit<WordPressDouble, 'url' | 'close'> = {
    posts: [],
    media: [],
    categories: [{ id: 1, name: 'Uncategorized', slug: 'uncategorized', taxonomy: 'category' }],
    tags: [],
    users: [
      { id: 1, username: WP_USER, slug: WP_USER, name: 'Editor' },
      { id: 7, username: 'anna.w', slug: 'anna-w', name: 'Anna Writer' },
    ],
    requests: [],
    faults: [],
    exposeYoast: false,
    onSave: null,
  };
  let nextId = 100;
  let base = '';

  const good = `Basic ${Buffer.from(`${WP_USER}:${WP_PASSWORD.replace(/ /g, '')}`).toString('base64')}`;
  const error = (res: http.ServerResponse, status: number, code: string, message: string, data: Record<string, unknown> = {}) =>
    res
      .writeHead(status, { 'content-type': 'application/json; charset=UTF-8' })
      .end(JSON.stringify({ code, message, data: { status, ...data } }));
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));

  const postView = (p: WpPost) => ({
    ...p,
    meta: state.exposeYoast ? { ...Object.fromEntries(YOAST_FIELDS.map((k) => [k, ''])), ...pick(p.meta, YOAST_FIELDS) } : [],
  });
  const mediaView = (m: WpMedia) => ({ ...m, media_type: 'image', title: { raw: m.title, rendered: m.title } });
  const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));

  function savePost(post: WpPost, body: Record<string, unknown>) {
    if (typeof body.title === 'string') post.title = { raw: body.title, rendered: body.title };
    if (typeof body.content === 'string') post.content = { raw: body.content, rendered: body.content };
    if (typeof body.excerpt === 'string') post.excerpt = { raw: body.excerpt, rendered: `<p>${body.excerpt}</p>` };
    if (typeof body.status === 'string') post.status = body.status;
    if (typeof body.date_gmt === 'string') post.date_gmt = body.date_gmt;
    post.modified_gmt = new Date().toISOString().slice(0, 19);
    if (Array.isArray(body.categories)) post.categories = body.categories as number[];
    if (Array.isArray(body.tags)) post.tags = body.tags as number[];
    if (typeof body.featured_media === 'number') post.featured_media = body.featured_media;
    if (typeof body.author === 'number') post.author = body.author;
    if (typeof body.slug === 'string') {
      let slug = body.slug;
      for (let n = 2; state.posts.some((p) => p !== post && p.slug === slug); n++) slug = `${body.slug}-${n}`;
      post.slug = slug;
    }
    if (body.meta && typeof body.meta === 'object' && state.exposeYoast)
      post.meta = { ...post.meta, ...pick(body.meta as Record<string, unknown>, YOAST_FIELDS) };
    state.onSave?.(post);
    post.link = post.status === 'publish' ? `${base}/${post.slug}/` : `${base}/?p=${post.id}`;
  }

  function terms(
    list: WpTerm[],
    taxonomy: string,
    req: { method: string; query: URLSearchParams; body: Record<string, unknown> },
    res: http.ServerResponse,
  ) {
    if (req.method === 'GET') {
      const search = (req.query.get('search') ?? '').toLowerCase();
      return json(
        res,
        200,
        list.filter((t) => t.name.toLowerCase().includes(search)).map((t) => ({ ...t, name: t.name.replace(/&/g, '&amp;') })),
      );
    }
    const name = typeof req.body.name === 'string' ? req.body.name : '';
    if (!name) return error(res, 400, 'rest_missing_callback_param', 'Missing parameter(s): name', { params: ['name'] });
    const existing = list.find((t) => t.name.toLowerCase() === name.toLowerCase());
    if (existing)
      return error(res, 400, 'term_exists', 'A term with the name provided already exists with this parent.', { term_id: existing.id });
    const term = { id: nextId++, name, slug: slugify(name), taxonomy };
    list.push(term);
    return json(res, 201, term);
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', base);
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/wp-content/uploads/')) {
      const file = files.get(url.pathname);
      return file ? void res.writeHead(200, { 'content-type': 'image/png' }).end(file) : void res.writeHead(404).end();
    }
    // A post's page, as its link names it (`/?p=ID` for a draft, `/<slug>/` once published).
    const shown = state.posts.find(
      (p) => (url.searchParams.get('p') === String(p.id) && url.pathname === '/') || url.pathname === `/${p.slug}/`,
    );
    if (shown && method === 'GET') {
      return void res
        .writeHead(200, { 'content-type': 'text/html; charset=UTF-8' })
        .end(
          `<!DOCTYPE html><html><head><title>${shown.title.rendered} – WordPress double</title></head><body><article><h1>${shown.title.rendered}</h1>${shown.content.rendered}</article></body></html>`,
        );
    }
    if (!url.pathname.startsWith('/wp-json/wp/v2/'))
      return void res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body><h1>Not Found</h1></body></html>');
    const route = url.pathname.slice('/wp-json/wp/v2'.length);
    const request: WordPressDouble['requests'][number] = { method, path: route };
    state.requests.push(request);

    const fault = state.faults.find((f) => f.method === method && route.startsWith(f.path));
    let hold = false;
    let lost = 0;
    if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      if (fault.times <= 0) state.faults.splice(state.faults.indexOf(fault), 1);
      if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
      if (fault.hold) hold = true;
      else if (fault.lost) lost = fault.lost;
      else if (fault.status) {
        return void res
          .writeHead(fault.status, {
            'content-type': fault.body?.startsWith('<') ? 'text/html' : 'application/json; charset=UTF-8',
            ...fault.headers,
          })
          .end(fault.body ?? '');
      }
    }
    const answer = hold
      ? (Object.assign(Object.create(res), { writeHead: () => ({ end: () => held.push(res) }) }) as http.ServerResponse)
      : lost
        ? (Object.assign(Object.create(res), {
            writeHead: () => ({
              end: () => res.writeHead(lost, { 'content-type': 'text/html' }).end('<html><body>Bad Gateway</body></html>'),
            }),
          }) as http.ServerResponse)
        : res;

    if (req.headers.authorization !== good) {
      if (!req.headers.authorization) return error(answer, 401, 'rest_not_logged_in', 'You are not currently logged in.');
      return error(answer, 401, 'incorrect_password', 'The provided password is an invalid application password.');
    }
    let body: Record<string, unknown> = {};
    if ((req.headers['content-type'] ?? '').startsWith('application/json') && raw.length) {
      try {
        body = JSON.parse(raw.toString()) as Record<string, unknown>;
      } catch {
        return error(answer, 400, 'rest_invalid_json', 'Invalid JSON body passed.');
      }
    }
    if (raw.length && Object.keys(body).length) request.body = body;
    const r = { method, query: url.searchParams, body };
    if (route === '/users/me') return json(answer, 200, { id: 1, name: 'Editor', slug: 'editor' });
    if (route === '/users' && method === 'GET') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return json(
        answer,
        200,
        state.users.filter((u) => [u.username, u.slug, u.name].some((n) => n.toLowerCase().includes(search))),
      );
    }
    const oneUser = /^\/users\/(\d+)$/.exec(route);
    if (oneUser) {
      const user = state.users.find((u) => u.id === Number(oneUser[1]));
      return user ? json(answer, 200, user) : error(answer, 404, 'rest_user_invalid_id', 'Invalid user ID.');
    }
    if (route === '/categories') return terms(state.categories, 'category', r, answer);
    if (route === '/tags') return terms(state.tags, 'post_tag', r, answer);
    if (route === '/media' && method === 'POST') {
      const disposition = String(req.headers['content-disposition'] ?? '');
      const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1];
      if (!filename || raw.length === 0) return error(answer, 400, 'rest_upload_no_data', 'No data supplied.');
      const id = nextId++;
      const path = `/wp-content/uploads/2026/11/${id}-${filename}`;
      files.set(path, raw);
      const media = {
        id,
        title: url.searchParams.get('title') ?? filename,
        source_url: `${base}${path}`,
        alt_text: url.searchParams.get('alt_text') ?? '',
        mime_type: String(req.headers['content-type']),
        bytes: raw.length,
      };
      state.media.push(media);
      return json(answer, 201, mediaView(media));
    }
    if (route === '/media' && method === 'GET') {
      const search = url.searchParams.get('search') ?? '';
      const include = url.searchParams.get('include')?.split(',').map(Number);
      return json(
        answer,
        200,
        state.media.filter((m) => (!search || m.title.includes(search)) && (!include || include.includes(m.id))).map(mediaView),
      );
    }
    const oneMedia = /^\/media\/(\d+)$/.exec(route);
    if (oneMedia) {
      const media = state.media.find((m) => m.id === Number(oneMedia[1]));
      if (!media) return error(answer, 404, 'rest_post_invalid_id', 'Invalid post ID.');
      if (method === 'DELETE') state.media.splice(state.media.indexOf(media), 1);
      return json(answer, 200, mediaView(media));
    }
    if (route === '/posts' && method === 'GET') {
      if (url.searchParams.get('context') === 'edit' && !req.headers.authorization)
        return error(answer, 401, 'rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.');
      const search = url.searchParams.get('search') ?? '';
      const statuses = (url.searchParams.get('status') ?? 'publish').split(',');
      return json(
        answer,
        200,
        state.posts
          .filter((p) => statuses.includes(p.status) && (!search || p.content.raw.includes(search) || p.title.raw.includes(search)))
          .map(postView),
      );
    }
    if (route === '/posts' && method === 'POST') {
      if (typeof body.title !== 'string' || !body.title)
        return error(answer, 400, 'empty_content', 'Content, title, and excerpt are empty.');
      if (body.status === 'future' && !body.date_gmt) return error(answer, 400, 'rest_invalid_param', 'Invalid parameter(s): date_gmt');
      const unknownTerm = [...((body.categories as number[]) ?? [])].find((id) => !state.categories.some((c) => c.id === id));
      if (unknownTerm) return error(answer, 400, 'rest_invalid_term_id', 'Invalid term ID.');
      if (typeof body.author === 'number' && !state.users.some((u) => u.id === body.author))
        return error(answer, 400, 'rest_invalid_author', 'Invalid author ID.');
      const post: WpPost = {
        id: nextId++,
        date_gmt: new Date().toISOString().slice(0, 19),
        modified_gmt: '',
        slug: '',
        status: 'draft',
        link: '',
        title: { raw: '', rendered: '' },
        content: { raw: '', rendered: '' },
        excerpt: { raw: '', rendered: '' },
        featured_media: 0,
        author: 1,
        categories: [],
        tags: [],
        meta: {},
      };
      savePost(post, body);
      state.posts.push(post);
      return json(answer, 201, postView(post));
    }
    const one = /^\/posts\/(\d+)$/.exec(route);
    if (one) {
      const post = state.posts.find((p) => p.id === Number(one[1]));
      if (!post) return error(answer, 404, 'rest_post_invalid_id', 'Invalid post ID.');
      if (method === 'DELETE') {
        if (post.status === 'trash') return error(answer, 410, 'rest_already_trashed', 'The post has already been deleted.');
        post.status = 'trash';
      }
      if (method === 'POST') savePost(post, body);
      return json(answer, 200, postView(post));
    }
    return error(answer, 404, 'rest_no_route', 'No route was found matching the URL and request method.');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    url: base,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  });
}
