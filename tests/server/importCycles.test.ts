import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { circles, importGraph } from '../../scripts/importCycles';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-circles-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
};

describe('the import circle check', () => {
  it('finds none in src, server and contract', () => {
    expect(circles(importGraph(['src', 'server', 'contract']))).toEqual([]);
  });

  it('names a circle closed by a type import, and one through a folder index, but not a lazy load', () => {
    write('db/connection.ts', "import type { Db } from './types';\nexport const open = (): Db => ({});\n");
    write('db/types.ts', "import { open } from './connection';\nexport type Db = ReturnType<typeof open>;\n");
    write('pages/index.ts', "export { page } from './page';\n");
    write('pages/page.tsx', "import { routes } from '../routes';\nexport const page = routes;\n");
    write('routes.ts', "import * as pages from './pages';\nexport const routes = pages;\n");
    // A page loaded lazily by the table that lists it is no circle: it is evaluated after the table.
    write('table.ts', "export const table = [() => import('./lazyPage')];\n");
    write('lazyPage.tsx', "import { table } from './table';\nexport const rows = table.length;\n");
    write('alone.ts', "import { open } from './db/connection';\nexport const a = open;\n");
    const found = circles(importGraph([dir])).map((circle) => circle.map((file) => path.relative(dir, file)));
    expect(found).toHaveLength(2);
    expect(found).toContainEqual(expect.arrayContaining(['db/connection.ts', 'db/types.ts']));
    expect(found).toContainEqual(expect.arrayContaining(['routes.ts', 'pages/index.ts', 'pages/page.tsx']));
  });
});
