import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const SCREENSHOT_DIR = path.resolve('test-results/e2e');
/**
 * The scenarios' screenshots are for a developer to look at (both locales, both themes). CI has no
 * one to look at them and turns them off (`E2E_SCREENSHOTS=0`): they took about 6 % of the lanes'
 * time. A failed scenario's last page is always kept.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

/** What every scenario gets: the browser and the servers it may talk to. */
export interface E2eContext {
  browser: Browser;
  /** The server with the normal session lifetime. */
  baseUrl: string;
  /** A second server: another origin (the frame scenario's external address). */
  otherServerUrl: string;
  /** Makes the sessions of `username` on that server unused for longer than SESSION_TTL; resolves once they are. */
  expireSessionsOf(username: string): Promise<void>;
  adminPassword: string;
  /**
   * Starts a server of the scenario's own, holding only what the scenario writes (the shared ones
   * hold every scenario's data, in any language); returns its address. Stopped at the run's end.
   */
  startOwnServer(): Promise<string>;
  /** A fresh browser context (own storage) with a page, closed after the scenario. */
  newPage(options?: { baseUrl?: string; locale?: string }): Promise<Page>;
  screenshot(page: Page, name: string): Promise<void>;
}

export interface Scenario {
  name: string;
  run(context: E2eContext): Promise<void>;
}

export function scenario(name: string, run: Scenario['run']): Scenario {
  return { name, run };
}

/**
 * Reports each Content-Security-Policy violation of a page (or any frame of it) as a console error
 * the harness listens for. Chromium also logs its own "Refused to …" line; the event names the directive.
 */
function reportPolicyViolations() {
  document.addEventListener('securitypolicyviolation', (event) =>
    console.error(
      `Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.documentURI} (${event.sourceFile}:${event.lineNumber})`,
    ),
  );
}

/**
 * Runs the scenarios one after the other; prints each result and returns the counts. A scenario
 * fails if the server's Content-Security-Policy refused anything of a page it opened: the policy
 * must allow everything the console does.
 */
export async function runScenarios(
  scenarios: Scenario[],
  base: Omit<E2eContext, 'newPage' | 'screenshot'>,
): Promise<{ passed: number; failed: number }> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  let passed = 0;
  let failed = 0;
  let browserContexts = 0;
  for (const { name, run } of scenarios) {
    const contexts: BrowserContext[] = [];
    const violations: string[] = [];
    const context: E2eContext = {
      ...base,
      async newPage({ baseUrl = base.baseUrl, locale = 'zh-CN' } = {}) {
        browserContexts += 1;
        const browserContext = await base.browser.newContext({
          baseURL: baseUrl,
          viewport: { width: 1440, height: 900 },
          locale,
          // Each browser is its own client address (the servers trust X-Forwarded-For), so the
          // per-address abuse rules (captcha after failures) of one scenario leave the others alone.
          extraHTTPHeaders: { 'x-forwarded-for': `10.1.${Math.floor(browserContexts / 250)}.${browserContexts % 250}` },
        });
        // How long a step waits for what a person waits for (a page, a text, a state) before it
        // fails: generous and set once, since on two cores busy with another suite a page's first
        // draw after signing in took over ten seconds.
        browserContext.setDefaultTimeout(30_000);
        browserContext.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) violations.push(`${message.text()} [${message.location().url}]`);
        });
        await browserContext.addInitScript(reportPolicyViolations);
        contexts.push(browserContext);
        const page = await browserContext.newPage();
        page.on('pageerror', (error) => console.log(`    [page error] ${error.message}`));
        return page;
      },
      async screenshot(page, shotName) {
        if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${shotName}.png`) });
      },
    };
    const started = Date.now();
    const refused = () => `The Content-Security-Policy refused:\n      ${[...new Set(violations)].join('\n      ')}`;
    try {
      await run(context);
      if (violations.length > 0) throw new Error(refused());
      passed++;
      console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed++;
      console.log(`  ✗ ${name} (${Date.now() - started} ms)`);
      console.log(`    ${(error as Error).stack ?? error}`);
      // A step that failed because of a refusal names the refusal.
      if (violations.length > 0 && !String(error).includes(refused())) console.log(`    ${refused()}`);
      const pages = contexts.flatMap((browserContext) => browserContext.pages());
      const last = pages.at(-1);
      if (last) await last.screenshot({ path: path.join(SCREENSHOT_DIR, `FAILED-${name.replace(/\W+/g, '-')}.png`) }).catch(() => {});
    } finally {
      for (const browserContext of contexts) await browserContext.close().catch(() => {});
    }
  }
  return { passed, failed };
}
