import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { launchChromium } from '../scripts/chromium';
import { root, spawnServer, tempDataDir, type BenchRow, type BenchSection } from './lib';

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * The first load of /login from the production build, as a browser sees it: every JS and CSS file
 * Chromium fetches until the page is idle, with what it then loads ahead for the signed-in console,
 * each gzipped (level 9) to count its size on the wire, and the bytes actually transferred from our
 * server (which sends precompressed Brotli).
 */
export const consoleSize: BenchSection = {
  name: 'console',
  title: 'Console first load (/login, production build)',
  async run(log) {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-console-'));
    const dataDir = tempDataDir();
    log('building the console');
    const build = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'],
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) throw new Error('vite build failed');
    const server = await spawnServer({ dataDir, consoleDir: outDir });
    const browser = await launchChromium();
    try {
      const files: { url: string; gzip: number; transferred: number }[] = [];
      const page = await browser.newPage();
      // Each file's sizes are read asynchronously: all read before the browser closes.
      const reading: Promise<void>[] = [];
      page.on('requestfinished', (request) => {
        const url = new URL(request.url());
        if (!/\.(js|css)$/.test(url.pathname)) return;
        const body = fs.readFileSync(path.join(outDir, url.pathname));
        reading.push(
          request.sizes().then((sizes) => {
            files.push({ url: url.pathname, gzip: zlib.gzipSync(body, { level: 9 }).length, transferred: sizes.responseBodySize });
          }),
        );
      });
      await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
      await page.getByRole('button').first().waitFor();
      // And what the login page loads ahead once idle (the signed-in console): until a second passes
      // with no new file.
      for (let seen = -1; seen !== reading.length;) {
        seen = reading.length;
        await page.waitForTimeout(1000);
      }
      page.removeAllListeners('requestfinished');
      await Promise.all(reading);
      const js = files.filter((f) => f.url.endsWith('.js'));
      const css = files.filter((f) => f.url.endsWith('.css'));
      const sum = (list: typeof files, key: 'gzip' | 'transferred') => list.reduce((total, f) => total + f[key], 0);
      const largest = [...files].sort((a, b) => b.gzip - a.gzip)[0];
      const pages = fs.readdirSync(path.join(outDir, 'assets')).filter((name) => /Page-.*\.js$/.test(name));
      return [
        {
          what: 'JS + CSS, gzipped',
          value: kB(sum(files, 'gzip')),
          note: `${files.length} files, with what /login loads ahead once idle (before the form: bench firstScreen)`,
        },
        { what: '  of which JS', value: kB(sum(js, 'gzip')), note: `${js.length} files` },
        { what: '  of which CSS', value: kB(sum(css, 'gzip')), note: `${css.length} files` },
        { what: 'transferred (Brotli from the server)', value: kB(sum(files, 'transferred')) },
        { what: 'largest file, gzipped', value: kB(largest?.gzip ?? 0), note: largest?.url ?? '' },
        { what: 'page chunks in the build', value: String(pages.length), note: 'each page is its own lazy chunk' },
      ] satisfies BenchRow[];
    } finally {
      await browser.close();
      await server.stop();
      fs.rmSync(outDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
