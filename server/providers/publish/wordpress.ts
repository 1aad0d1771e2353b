import { message, type Message } from '../../i18n/messages';
import { answerMessage, remoteCall, RemoteError, type RemoteTarget } from './remoteCall';

/** WordPress REST API with an application password (Basic auth), as publishing will use it. */
export interface WordPressCredentials {
  username: string;
  app_password: string;
}

export interface RemoteCategory {
  id: number;
  name: string;
  slug: string;
}

const apiUrl = (siteUrl: string, route: string) => `${siteUrl.replace(/\/+$/, '')}/wp-json/wp/v2${route}`;

const headers = (c: WordPressCredentials) => ({
  accept: 'application/json',
  authorization: `Basic ${Buffer.from(`${c.username}:${c.app_password.replace(/\s+/g, '')}`).toString('base64')}`,
  'user-agent': 'Inkpress',
});

function explain(status: number, answer: Parameters<typeof answerMessage>[0], siteUrl: string): Message {
  if (status === 401 || status === 403) return message('connection.wordpressRefused', { status, detail: answerMessage(answer) });
  if (status === 404) return message('connection.wordpressNoApi', { url: apiUrl(siteUrl, '') });
  return message('connection.wordpressAnswered', { status, detail: answerMessage(answer) });
}

/** GET /users/me: the credentials work when WordPress says who they belong to. */
export async function checkWordPress(siteUrl: string, credentials: WordPressCredentials, target: RemoteTarget): Promise<Message> {
  const answer = await remoteCall(apiUrl(siteUrl, '/users/me?context=edit'), { headers: headers(credentials) }, target);
  if (answer.status !== 200) throw new RemoteError(explain(answer.status, answer, siteUrl));
  const me = answer.json as { id?: unknown; name?: unknown; slug?: unknown } | null;
  if (!me || typeof me.id !== 'number') throw new RemoteError(message('connection.notWordPress', { url: apiUrl(siteUrl, '/users/me') }));
  return message('connection.wordpressConnected', { name: typeof me.name === 'string' ? me.name : credentials.username });
}

/** Every category of the site, page by page (100 each, at most 20 pages). */
export async function fetchWordPressCategories(
  siteUrl: string,
  credentials: WordPressCredentials,
  target: RemoteTarget,
): Promise<RemoteCategory[]> {
  const found: RemoteCategory[] = [];
  for (let page = 1; page <= 20; page++) {
    const answer = await remoteCall(
      apiUrl(siteUrl, `/categories?per_page=100&page=${page}&_fields=id,name,slug`),
      { headers: headers(credentials) },
      target,
    );
    if (answer.status === 400 && page > 1) break;
    if (answer.status !== 200) throw new RemoteError(explain(answer.status, answer, siteUrl));
    if (!Array.isArray(answer.json)) throw new RemoteError(message('connection.notAList', { url: apiUrl(siteUrl, '/categories') }));
    for (const c of answer.json as { id?: unknown; name?: unknown; slug?: unknown }[]) {
      if (typeof c.id === 'number' && typeof c.name === 'string')
        found.push({ id: c.id, name: decodeEntities(c.name), slug: typeof c.slug === 'string' ? c.slug : '' });
    }
    if (answer.json.length < 100) break;
  }
  return found;
}

/** The site's users, as an article's author is chosen from them: id, login and name (the first 100 by name). */
export async function fetchWordPressUsers(
  siteUrl: string,
  credentials: WordPressCredentials,
  target: RemoteTarget,
): Promise<{ id: number; login: string; name: string }[]> {
  const answer = await remoteCall(
    apiUrl(siteUrl, '/users?context=edit&per_page=100&orderby=name&_fields=id,username,name'),
    { headers: headers(credentials) },
    target,
  );
  if (answer.status !== 200) throw new RemoteError(explain(answer.status, answer, siteUrl));
  if (!Array.isArray(answer.json)) throw new RemoteError(message('connection.notAList', { url: apiUrl(siteUrl, '/users') }));
  return (answer.json as { id?: unknown; username?: unknown; name?: unknown }[])
    .filter((u) => typeof u.id === 'number' && typeof u.username === 'string')
    .map((u) => ({ id: u.id as number, login: u.username as string, name: typeof u.name === 'string' ? decodeEntities(u.name) : '' }));
}

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'");
