/** Direct calls to the server, for setting up what a scenario does not exercise itself. */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

let calls = 0;

async function call<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
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
