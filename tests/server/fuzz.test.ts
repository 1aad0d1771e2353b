import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccountByUsername } from '../../server/domain/access/accounts';
import { startSession } from '../../server/domain/access/sessions';
import { startTestServer, type TestServer } from './harness';

/**
 * The API fuzzed from its own OpenAPI document (/api/docs/json), so a route is covered the day it
 * lands: every operation × missing and wrong-typed fields, out-of-range and huge numbers, ids past
 * 2^31-1, U+0000 and lone surrogates, 100k strings, unknown fields, malformed JSON and multipart,
 * bad query values, with and without a token. Every answer: no 5xx; the {code,msg,data} envelope
 * for every refusal and JSON answer; 401 without a token on a protected operation (one whose
 * OpenAPI operation does not say `security: []`), whatever the input; and a refused request
 * leaves no row behind in any table but the bookkeeping ones below.
 *
 * Seeded: FUZZ_SEED=<n> replays a run (the seed is printed with every failure). Bounded by
 * FUZZ_CASES (cases with a token; each protected one is also sent without).
 */
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const MAX_CASES = Number(process.env.FUZZ_CASES ?? 1000);
const PER_OPERATION = 28;

/** Tables a refused request may write to: what refusals themselves record. */
// Audit trails (admin_logs, access_key_log) record refused calls too, by design: a refusal is worth an audit line.
const BOOKKEEPING = new Set([
  'auth_failures',
  'captchas',
  'verification_codes',
  'qr_logins',
  'outbox',
  'error_logs',
  'article_counts',
  'admin_logs',
  'access_key_log',
  '__drizzle_migrations',
  /* The key log's daily counts */ 'key_call_days',
]);

/** mulberry32: small, fast, seedable. */
function rng(s: number) {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(seed);
function sample<T>(list: T[], n: number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

interface Operation {
  method: string;
  path: string;
  isPublic: boolean;
  query: { name: string; required: boolean; schema: Schema }[];
  json: Schema | null;
  multipart: boolean;
}

interface Case {
  op: Operation;
  what: string;
  query: Record<string, string>;
  /** A JSON value, sent as JSON; or `raw` with a content type. */
  body?: unknown;
  raw?: { contentType: string; text: string };
}

let doc: { components?: { schemas?: Record<string, Schema> } };
const resolve = (schema: Schema, depth = 0): Schema => {
  if (schema.$ref && depth < 10) {
    const name = schema.$ref.split('/').pop() as string;
    return resolve(doc.components?.schemas?.[name] ?? {}, depth + 1);
  }
  return schema;
};

/** The first option of a union that is not null. */
const concrete = (schema: Schema): Schema => {
  const s = resolve(schema);
  const options = s.anyOf ?? s.oneOf;
  if (options) return concrete(options.find((o) => resolve(o).type !== 'null') ?? options[0]);
  return s;
};
const typeOf = (schema: Schema): string => {
  const s = concrete(schema);
  if (s.const !== undefined) return typeof s.const === 'number' ? 'integer' : typeof s.const;
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  return t ?? (s.properties ? 'object' : 'string');
};

const PATTERN_CANDIDATES = [
  '1',
  '2024-01-01',
  '123456',
  '/fuzz',
  'fuzz@example.com',
  'https://example.com',
  'abc',
  'zh_CN',
  '#ffffff',
  '13800138000',
];

/** A value the schema accepts, as far as a simple reading of it goes. */
function valid(schema: Schema, depth = 0): unknown {
  const s = concrete(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth < 4) for (const name of s.required ?? []) out[name] = valid(s.properties?.[name] ?? {}, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => valid(s.items ?? {}, depth + 1));
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'uri' || s.format === 'url') return 'https://example.com';
      if (s.pattern) {
        const re = new RegExp(s.pattern);
        const found = PATTERN_CANDIDATES.find((c) => re.test(c));
        if (found) return found;
      }
      return 'fuzz'.padEnd(Math.max(s.minLength ?? 1, 4), 'z').slice(0, s.maxLength ?? 100);
    }
  }
}

const NUL = 'fuzz\u0000nul';
const LONE = 'fuzz\ud800lone';
const HUGE = 'x'.repeat(100_000);
const BAD_NUMBERS: unknown[] = [2147483648, -1, 0, 1e308, -1e308, 2 ** 53 + 2, 1.5, 1e20];
/** JSON texts at the edges of what a parser takes: numbers past a double, prototype keys, nesting past the limit. */
const JSON_EDGES = ['{"id":1e999}', '[-1e999]', '{"constructor":{"prototype":{"x":1}}}', `${'['.repeat(100)}${']'.repeat(100)}`];
const wrongType = (type: string): unknown =>
  ({ string: 12345, integer: 'abc', number: 'abc', boolean: 'yes', object: 'text', array: { a: 1 }, null: 'x' })[type] ?? [];

/** What each top-level field of a body can be made wrong with. */
function fieldMutations(name: string, schema: Schema): [string, unknown][] {
  const type = typeOf(schema);
  const s = concrete(schema);
  const out: [string, unknown][] = [[`${name}: wrong type`, wrongType(type)]];
  if (type === 'integer' || type === 'number') {
    const edges = [...BAD_NUMBERS];
    if (s.maximum !== undefined) edges.push(s.maximum + 1);
    if (s.minimum !== undefined) edges.push(s.minimum - 1);
    for (const n of sample(edges, 3)) out.push([`${name}: ${n}`, n]);
  } else if (type === 'string') {
    out.push([`${name}: NUL`, NUL], [`${name}: lone surrogate`, LONE], [`${name}: 100k`, HUGE]);
  } else if (type === 'array') {
    const itemType = typeOf(s.items ?? {});
    out.push([`${name}: [2147483648]`, itemType === 'string' ? [NUL] : [2147483648]], [`${name}: 100k items`, Array(100_000).fill(1)]);
  } else if (type === 'object') {
    out.push(
      [`${name}: unknown nested field`, { ...(valid(schema) as object), 'fuzz\u0000': 1 }],
      [`${name}: an array for an object`, [valid(schema)]],
    );
  }
  return out;
}

function casesOf(op: Operation): Case[] {
  const query = Object.fromEntries(op.query.filter((q) => q.required).map((q) => [q.name, String(valid(q.schema))]));
  const base = (what: string, extra: Partial<Case> = {}): Case => ({ op, what, query, ...extra });
  const cases: Case[] = [];

  for (const q of op.query) {
    if (q.required) {
      const { [q.name]: _omitted, ...rest } = query;
      cases.push(base(`query ${q.name} missing`, { query: rest }));
    }
    const values = ['abc', '-1', '0', '2147483648', '99999999999999999999', '1e999', '1.5', '', NUL, 'x'.repeat(5_000), '[object Object]'];
    for (const v of sample(values, 4))
      cases.push(base(`query ${q.name}=${JSON.stringify(v.slice(0, 20))}`, { query: { ...query, [q.name]: v } }));
  }
  cases.push(base('unknown query parameter', { query: { ...query, fuzz_unknown: '1' } }));

  if (op.json) {
    const body = valid(op.json) as Record<string, unknown>;
    const s = concrete(op.json);
    cases.push(base('valid-looking body', { body }));
    for (const name of s.required ?? []) {
      const { [name]: _omitted, ...rest } = body;
      cases.push(base(`body ${name} missing`, { body: rest }));
    }
    for (const [name, field] of Object.entries(s.properties ?? {})) {
      for (const [what, value] of fieldMutations(name, field)) cases.push(base(`body ${what}`, { body: { ...body, [name]: value } }));
    }
    cases.push(base('unknown field', { body: { ...body, fuzz_unknown: 1 } }));
    cases.push(base('NUL in a key', { body: { ...body, 'a\u0000b': 1 } }));
    cases.push(base('a key of 100k characters', { body: { ...body, [HUGE]: 1 } }));
    cases.push(base('a lone surrogate in a key', { body: { ...body, [LONE]: 1 } }));
    cases.push(base('array body', { body: [body] }), base('null body', { body: null }), base('string body', { body: 'text' }));
  }
  if (op.json || op.method !== 'GET') {
    for (const text of [
      '{"a":',
      '{"a":1}}',
      '',
      '\u0000',
      '{"a":"\\ud800"}',
      '{"id":2147483648}',
      '{"__proto__":{"x":1}}',
      ...JSON_EDGES,
    ]) {
      cases.push(base(`malformed JSON ${JSON.stringify(text)}`, { raw: { contentType: 'application/json', text } }));
    }
  }
  if (op.multipart) {
    const b = 'fuzzboundary';
    const part = (name: string, value: string, file = false) =>
      `--${b}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="f.txt"' : ''}\r\n\r\n${value}\r\n`;
    const multipart = (text: string) => ({ contentType: `multipart/form-data; boundary=${b}`, text });
    cases.push(
      base('multipart truncated', {
        raw: multipart(`${part('site_id', '1')}--${b}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\n\r\nab`),
      }),
      base('multipart garbage', { raw: multipart('garbage') }),
      base('multipart no headers', { raw: multipart(`--${b}\r\n\r\n--${b}--`) }),
      base('multipart empty', { raw: multipart(`--${b}--\r\n`) }),
      base('multipart NUL field', {
        raw: multipart(`${part('type', NUL)}${part('site_id', NUL)}${part('file', 'a\u0000b\n', true)}--${b}--\r\n`),
      }),
      base('multipart huge id', {
        raw: multipart(`${part('site_id', '2147483648')}${part('type', 'keywords')}${part('file', 'k\n', true)}--${b}--\r\n`),
      }),
      base('multipart unknown field', { raw: multipart(`${part('fuzz', '1')}${part('file', 'k\n', true)}--${b}--\r\n`) }),
      base('multipart file in a text field', { raw: multipart(`${part('type', 'x', true)}${part('site_id', 'x', true)}--${b}--\r\n`) }),
      base('multipart no boundary', { raw: { contentType: 'multipart/form-data', text: 'x' } }),
    );
  }
  return sample(cases, PER_OPERATION);
}

let t: TestServer;
let operations: Operation[];
let countRows: () => Promise<string>;
let token: string;
let adminId: number;

async function freshToken() {
  const ctx = t.server.app.ctx;
  token = (await startSession(ctx, adminId, { ip: '127.0.0.1', userAgent: 'fuzz' })).token;
}

beforeAll(async () => {
  t = await startTestServer({ WORKERS: '0' });
  const ctx = t.server.app.ctx;
  adminId = (await findAccountByUsername(ctx.db, 'admin'))!.id;
  await freshToken();

  doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as typeof doc;
  const paths = (doc as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths;
  operations = [];
  for (const [route, methods] of Object.entries(paths)) {
    if (route.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const params = (op.parameters ?? []) as { in: string; name: string; required?: boolean; schema: Schema }[];
      const content = ((op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content ?? {}) as Record<
        string,
        { schema: Schema }
      >;
      operations.push({
        method: method.toUpperCase(),
        path: route.replace(/\{(\w+)\}/g, '1'),
        isPublic: Array.isArray(op.security) && op.security.length === 0,
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema ?? {} })),
        json: content['application/json']?.schema ?? null,
        multipart:
          Boolean(content['multipart/form-data']) ||
          String(op.description ?? '')
            .toLowerCase()
            .includes('multipart'),
      });
    }
  }

  // Every table but the bookkeeping ones, found in the database: a new branch's tables count too.
  const tables = (
    (await ctx.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows
    .map((r) => r.table_name)
    .filter((name) => !BOOKKEEPING.has(name));
  const statement = sql.raw(tables.map((name) => `select '${name}' as t, count(*)::int as n from "${name}"`).join(' union all '));
  countRows = async () =>
    ((await ctx.db.execute(statement)) as unknown as { rows: { t: string; n: number }[] }).rows.map((r) => `${r.t}=${r.n}`).join(' ');
}, 120_000);
afterAll(async () => t?.close());

interface Answer {
  status: number;
  json: { code?: unknown; msg?: unknown; data?: unknown } | null;
  contentType: string;
}

async function send(c: Case, withToken: boolean): Promise<Answer> {
  const qs = new URLSearchParams(c.query).toString();
  const headers: Record<string, string> = withToken ? { authorization: `Bearer ${token}` } : {};
  let body: string | undefined;
  if (c.raw) {
    headers['content-type'] = c.raw.contentType;
    body = c.raw.text;
  } else if (c.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.body);
  }
  const res = await fetch(`${t.url}${c.op.path}${qs ? `?${qs}` : ''}`, {
    method: c.op.method,
    headers,
    body: c.op.method === 'GET' ? undefined : body,
  });
  const contentType = res.headers.get('content-type') ?? '';
  // A live stream (server-sent events) stays open while allowed: its status is the answer.
  if (contentType.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, json: null, contentType };
  }
  const text = await res.text();
  let json: Answer['json'] = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, json, contentType };
}

const isEnvelope = (json: Answer['json']) =>
  json !== null &&
  typeof json === 'object' &&
  !Array.isArray(json) &&
  Object.keys(json).sort().join() === 'code,data,msg' &&
  typeof json.code === 'number' &&
  typeof json.msg === 'string';

/**
 * Bodies a JSON parser cannot take, or that break a naive reader of a parsed body: sent to every
 * operation that takes a body (not a sample). Those nested too deep must get a 400; every one, no
 * 5xx and the envelope.
 */
const DEEP = 50_000;
const UNREADABLE_BODIES: { what: string; text: string; refused: boolean }[] = [
  { what: `arrays nested ${DEEP} deep`, text: `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`, refused: true },
  { what: `objects nested ${DEEP} deep`, text: `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`, refused: true },
  { what: `objects nested ${DEEP} deep, never closed`, text: '{"a":'.repeat(DEEP), refused: true },
  { what: 'numbers past the largest double', text: '{"id":1e999,"site_id":-1e999,"page":1e999,"amount":1e999}', refused: false },
  { what: 'a key of 100k characters', text: `{"${'k'.repeat(100_000)}":1}`, refused: false },
  { what: 'a lone surrogate in a key', text: '{"\\udc00":1}', refused: false },
  { what: 'prototype keys', text: '{"constructor":{"prototype":{"x":1}},"__proto__":[]}', refused: false },
];

describe('the API fuzzed from its OpenAPI document', () => {
  it(
    'answers every operation that takes a body without a 5xx for bodies a parser cannot take, 400 when nested too deep',
    { timeout: 240_000 },
    async () => {
      const failures: string[] = [];
      for (const op of operations.filter((o) => o.json || o.method !== 'GET')) {
        for (const { what, text, refused } of UNREADABLE_BODIES) {
          const answer = await send({ op, what, query: {}, raw: { contentType: 'application/json', text } }, true);
          if ((refused && answer.status !== 400) || answer.status >= 500 || !isEnvelope(answer.json))
            failures.push(`${op.method} ${op.path} [${what}]: ${answer.status} ${JSON.stringify(answer.json)?.slice(0, 200)}`);
        }
        await freshToken();
      }
      expect(failures.slice(0, 30)).toEqual([]);
    },
  );

  it(
    'answers every operation × bad input without a 5xx, with the envelope, 401 before validation, and no write by a refusal',
    { timeout: 240_000 },
    async () => {
      expect(operations.length).toBeGreaterThan(50);
      expect(operations.some((o) => o.isPublic)).toBe(true);
      let cases = operations.flatMap(casesOf);
      if (cases.length > MAX_CASES) cases = sample(cases, MAX_CASES);
      const failures: string[] = [];
      const fail = (c: Case, withToken: boolean, why: string) => {
        if (failures.length < 30) failures.push(`${c.op.method} ${c.op.path} [${c.what}] ${withToken ? 'with' : 'without'} token: ${why}`);
      };
      let before = await countRows();
      for (const c of cases) {
        if (!c.op.isPublic) {
          const anonymous = await send(c, false);
          if (anonymous.status !== 401 || !isEnvelope(anonymous.json))
            fail(c, false, `${anonymous.status} ${JSON.stringify(anonymous.json)?.slice(0, 200)} (expected 401 and the envelope)`);
        }
        const answer = await send(c, true);
        if (answer.status >= 500) fail(c, true, `${answer.status} ${JSON.stringify(answer.json)?.slice(0, 200)}`);
        const jsonAnswer = answer.contentType.includes('json');
        if ((answer.status >= 400 || jsonAnswer) && !isEnvelope(answer.json))
          fail(c, true, `not the envelope: ${answer.status} ${JSON.stringify(answer.json)?.slice(0, 200)}`);
        const accepted = answer.status < 300 && (!jsonAnswer || answer.json?.code === 200 || answer.json?.code === 0);
        const after = await countRows();
        if (!accepted && after !== before)
          fail(c, true, `refused (${answer.status} ${String(answer.json?.code)}) yet rows changed: ${before} → ${after}`);
        // An accepted call may have ended or locked the session (logout, lock screen): a fresh one for the next case.
        if (accepted) await freshToken();
        before = accepted ? await countRows() : after;
      }
      if (failures.length) {
        throw new Error(
          `FUZZ_SEED=${seed} (${cases.length} cases over ${operations.length} operations) replays these ${failures.length} failures:\n${failures.join('\n')}`,
        );
      }
    },
  );
});
