/** Direct calls to the server, for setting up what a scenario does not exercise itself. */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

let calls = 0;

export async function call<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  calls += 1;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      // Set-up calls come from their own addresses, clear of the per-address registration limit.
      'x-forwarded-for': `10.2.${Math.floor(calls / 250)}.${calls % 250}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 200 && envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

let counter = 0;
/** A username no other scenario uses. */
export function uniqueUsername(prefix: string): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter}`;
}

export const PASSWORD = 'Secret-passw0rd';

/** Registers an account through the API. */
export async function registerAccount(baseUrl: string, username: string, password = PASSWORD): Promise<void> {
  await call(baseUrl, 'POST', '/api/v1/user/register', { username, password, password_confirmation: password });
}

/** A session token for `username`, from the login endpoint. */
export async function loginToken(baseUrl: string, username: string, password: string): Promise<string> {
  return (await call<{ token: string }>(baseUrl, 'POST', '/api/v1/user/login', { username, password })).token;
}

interface SiteToAdd {
  name: string;
  url: string;
  type: 'export' | 'wordpress';
  username?: string;
  app_password?: string;
}

/** Adds a site for the account behind `token` (a session or an access key). */
export async function addSite(baseUrl: string, token: string, site: SiteToAdd): Promise<{ id: number }> {
  return call<{ id: number }>(baseUrl, 'POST', '/api/v1/site/add', site, token);
}

interface OutboxMessage {
  id: number;
  recipient: string;
  body: string;
}

/**
 * The six-digit code in the newest outbox message to `recipient` (with no mail or SMS transport
 * configured, the server keeps what it sends in its outbox, which administrators can read).
 */
export async function codeSentTo(baseUrl: string, adminToken: string, recipient: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { list } = await call<{ list: OutboxMessage[] }>(baseUrl, 'GET', '/admin/v1/outbox/list?page_size=100', undefined, adminToken);
    const newest = list.filter((message) => message.recipient === recipient).sort((a, b) => b.id - a.id)[0];
    const code = newest?.body.match(/\b\d{6}\b/)?.[0];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No code was sent to ${recipient}`);
}

/** Gives the account a verified e-mail address and mobile number, through the codes the server sends. */
export async function addContacts(baseUrl: string, adminToken: string, token: string, email: string, mobile: string): Promise<void> {
  await call(baseUrl, 'POST', '/api/v1/auth/send_email_code', { email, purpose: 'bind_email' });
  const emailCode = await codeSentTo(baseUrl, adminToken, email);
  await call(baseUrl, 'POST', '/admin/v1/system/AccountSendMsgCode', { mobile, purpose: 'bind_mobile' });
  const mobileCode = await codeSentTo(baseUrl, adminToken, mobile);
  await call(baseUrl, 'PUT', '/api/v1/user/profile', { email, email_code: emailCode, mobile, mobile_code: mobileCode }, token);
}
