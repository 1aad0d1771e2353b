import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../contract/endpoint';
import { startTestServer, type TestServer } from './harness';

/** Every area's table (contract/endpoints/<area>.ts): what the console's services are typed with. */
const tables = import.meta.glob<Record<string, Record<string, Endpoint>>>('../../contract/endpoints/*.ts', { eager: true });
const endpoints = Object.values(tables).flatMap((module) => Object.values(module).flatMap((table) => Object.values(table)));

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: unknown }>;
}

let t: TestServer;
let operations: Map<string, Operation>;
beforeAll(async () => {
  t = await startTestServer();
  const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as { paths: Record<string, Record<string, Operation>> };
  operations = new Map(
    Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as const),
    ),
  );
});
afterAll(async () => t?.close());

describe('the endpoint table', () => {
  it('is what the server serves: every API operation of its document, and nothing else', () => {
    const served = [...operations.keys()].sort();
    const declared = endpoints.map((e) => `${e.method} ${e.path}`).sort();
    expect(declared).toEqual(served);
  });

  // A download, a stream or an upload has no reply schema: its 200 is only described.
  it("gives each operation the table's query, body and reply", () => {
    const names = (schema: unknown) => Object.keys((schema as { properties?: object } | undefined)?.properties ?? {}).sort();
    const key = (e: Endpoint) => `${e.method} ${e.path}`;
    const served = endpoints.map((e) => {
      const operation = operations.get(key(e))!;
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      return {
        endpoint: key(e),
        query: query.sort(),
        body: Boolean(operation.requestBody),
        reply: Boolean(operation.responses?.['200']?.content),
      };
    });
    const declared = endpoints.map((e) => ({ endpoint: key(e), query: names(e.query), body: Boolean(e.body), reply: Boolean(e.reply) }));
    expect(served).toEqual(declared);
  });
});
