/**
 * `npm run test:e2e`: builds the console, starts the real server (twice: one whose sessions a
 * scenario can expire at once, serverWithSessionExpiry.ts, and another origin for the frame
 * scenario), and drives Debian's Chromium through the scenarios, in two lanes at once
 * (scenarios/index.ts), each against servers of its own: about 60 % of the time of one lane, which
 * E2E_LANES=1 gives. The last line is `N passed, N failed`; the exit code is non-zero when
 * anything failed. E2E_ONLY=<part of a name> runs the matching scenarios only, in one lane; parts
 * joined by `|` run each scenario that matches any of them.
 * E2E_SKIP_BUILD=1 reuses an existing build; E2E_CONSOLE_DIR builds elsewhere than dist/console
 * (so two runs side by side do not overwrite each other's console).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../scripts/chromium';
import { SCREENSHOT_DIR, runScenarios, type Scenario } from './harness';
import { startServer, type StartedServer } from './servers';
import { scenarioLanes, scenarios } from './scenarios';

const ADMIN_PASSWORD = 'e2e-Admin-Passw0rd';
const CONSOLE_DIR = process.env.E2E_CONSOLE_DIR || 'dist/console';

function buildConsole() {
  if (process.env.E2E_SKIP_BUILD === '1' && fs.existsSync(`${CONSOLE_DIR}/index.html`)) return;
  console.log(`Building the console (vite build) into ${CONSOLE_DIR}…`);
  const args = ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', CONSOLE_DIR, '--emptyOutDir'];
  const build = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
}

/** Runs `use` with Debian's Chromium, closed again however `use` ends. */
async function inChromium<T>(use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launchChromium();
  try {
    return await use(browser);
  } finally {
    await browser.close().catch(() => {});
  }
}

async function main(): Promise<number> {
  const servers: StartedServer[] = [];
  try {
    buildConsole();
    const only = process.env.E2E_ONLY;
    const parts = only?.split('|').filter(Boolean) ?? [];
    const lanes: Scenario[][] = only
      ? [scenarios.filter((candidate) => parts.some((part) => candidate.name.includes(part)))]
      : process.env.E2E_LANES === '1'
        ? [scenarios]
        : scenarioLanes;
    // ALLOW_PRIVATE_TARGETS: the publishing scenario's WordPress double is on loopback.
    const env = { ADMIN_PASSWORD, CONSOLE_DIR, TRUST_PROXY: '1', ALLOW_PRIVATE_TARGETS: '1' };
    const laneServers = await Promise.all(
      lanes.map(async () => {
        const pair = await Promise.all([startServer(env, { sessionExpiry: true }), startServer(env)]);
        servers.push(...pair);
        return pair;
      }),
    );
    for (const [server, other] of laneServers) console.log(`Servers: ${server.url} and ${other.url}`);
    // A full run starts with an empty screenshot folder; a partial one leaves the others' there.
    if (!only) fs.rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
    const results = await inChromium((browser) =>
      Promise.all(
        lanes.map((lane, i) =>
          runScenarios(lane, {
            browser,
            baseUrl: laneServers[i][0].url,
            otherServerUrl: laneServers[i][1].url,
            expireSessionsOf: (username) => laneServers[i][0].expireSessionsOf(username),
            adminPassword: ADMIN_PASSWORD,
            async startOwnServer() {
              const own = await startServer(env);
              servers.push(own);
              return own.url;
            },
          }),
        ),
      ),
    );
    const passed = results.reduce((sum, result) => sum + result.passed, 0);
    const failed = results.reduce((sum, result) => sum + result.failed, 0);
    console.log(`${passed} passed, ${failed} failed`);
    return failed === 0 && passed > 0 ? 0 : 1;
  } catch (error) {
    console.log(`The end-to-end run could not complete: ${(error as Error).stack ?? error}`);
    console.log('0 passed, 1 failed');
    return 1;
  } finally {
    await Promise.all(servers.map((server) => server.stop().catch(() => {})));
  }
}

main().then((code) => process.exit(code));
