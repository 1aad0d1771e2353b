import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { prerenderedLoginFile } from '../../contract/firstScreen';

/** The entry script of the fake console (assets/entry-abc123.js, also gzipped and brotli-compressed). */
export const FAKE_CONSOLE_SCRIPT = 'export const answer = 42;\n'.repeat(40);

/**
 * A built console as the server serves it (CONSOLE_DIR), in a fresh folder: index.html (and its
 * brotli copy), the login pages the build prerenders (scripts/prerenderLogin.ts: the default and two
 * variants), an entry script precompressed, a stylesheet and a logo. `remove` deletes it.
 */
export function fakeConsole(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-console-'));
  const write = (file: string, content: string | Buffer) => fs.writeFileSync(path.join(dir, file), content);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, 'prerendered'));
  const index = '<!doctype html><title>Inkpress</title><div id="root"></div>';
  write('index.html', index);
  write('index.html.br', zlib.brotliCompressSync(index));
  for (const variant of ['default', 'zh_CN.light', 'en.dark'])
    write(prerenderedLoginFile(variant), `<!doctype html><div id="root" data-prerendered="${variant}"></div>`);
  write('assets/entry-abc123.js', FAKE_CONSOLE_SCRIPT);
  write('assets/entry-abc123.js.gz', zlib.gzipSync(FAKE_CONSOLE_SCRIPT));
  write('assets/entry-abc123.js.br', zlib.brotliCompressSync(FAKE_CONSOLE_SCRIPT));
  write('assets/style-def456.css', 'body{margin:0}');
  write('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
