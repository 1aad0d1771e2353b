import os from 'node:os';
import type { BenchSection } from './lib';
import { api } from './api';
import { startup } from './startup';
import { generation } from './generation';
import { articleList } from './articleList';
import { consoleSize } from './consoleSize';
import { dashboard } from './dashboard';
import { accessKeyAuth } from './accessKeyAuth';
import { quality } from './quality';
import { ratelimit } from './ratelimit';
// Search over 100,000 articles.
import { search } from './search';
// Publishing to WordPress.
import { publish } from './publish';
// The first screen: login form, bytes, signed-in shell.
import { firstScreen } from './firstScreen';
// A pathological text never holds the server.
import { pathologicalText } from './pathologicalText';
import { pathologicalTextSteps } from './pathologicalTextSteps';
// PostgreSQL, two API and four worker processes, one task of 1,000 articles.
import { scale } from './scale';
// One economy task of 1,000 articles through the batch API double.
import { economy } from './economy';

/**
 * `npm run bench [-- section...]`: measures this machine and prints one table per section.
 * A topic is a module bench/<topic>.ts exporting a BenchSection; add it to SECTIONS.
 */
const SECTIONS: BenchSection[] = [
  api,
  startup,
  consoleSize,
  generation,
  articleList,
  dashboard,
  accessKeyAuth,
  quality,
  ratelimit,
  search,
  publish,
  firstScreen,
  pathologicalText,
  pathologicalTextSteps,
  scale,
  economy,
];

function table(rows: { what: string; value: string; note?: string }[]) {
  const widths = [Math.max(...rows.map((r) => r.what.length)), Math.max(...rows.map((r) => r.value.length))];
  for (const row of rows) console.log(`  ${row.what.padEnd(widths[0])}  ${row.value.padStart(widths[1])}  ${row.note ?? ''}`.trimEnd());
}

async function main(names: string[]) {
  const unknown = names.filter((name) => !SECTIONS.some((s) => s.name === name));
  if (unknown.length) throw new Error(`Unknown section ${unknown.join(', ')}; there are: ${SECTIONS.map((s) => s.name).join(', ')}`);
  const chosen = names.length ? SECTIONS.filter((s) => names.includes(s.name)) : SECTIONS;
  const cpu = os.cpus();
  console.log(
    `Inkpress bench — ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, PostgreSQL ${process.env.DATABASE_URL ? 'from DATABASE_URL' : 'not set (DATABASE_URL)'}\n`,
  );
  let failed = false;
  for (const section of chosen) {
    console.log(`${section.title}`);
    try {
      table(await section.run((line) => console.error(`  … ${line}`)));
    } catch (error) {
      failed = true;
      console.log(`  failed: ${(error as Error).message}`);
    }
    console.log('');
  }
  return failed ? 1 : 0;
}

// BENCH_ONLY=a,b picks sections too (e.g. BENCH_ONLY=ratelimit).
main([...process.argv.slice(2), ...(process.env.BENCH_ONLY ?? '').split(',').filter(Boolean)]).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
