import type { Locator, Page } from 'playwright-core';
import { PASSWORD, registerAccount, uniqueUsername } from './api';
import { en, zh } from './texts';

/** Signs in on /login (or the overlay) with username and password, as a user types them. */
export async function signIn(page: Page, username: string, password: string, within: Locator = page.locator('body')) {
  const form = within.getByRole('form', { name: zh.sys.login.signInFormTitle });
  if (username) await form.getByLabel(zh.sys.login.userName, { exact: true }).fill(username);
  await form.getByLabel(zh.sys.login.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: zh.sys.login.loginButton, exact: true }).click();
}

/** Waits until the overview page of the signed-in console shows. */
export async function waitForOverview(page: Page) {
  await page.waitForURL('**/dashboard/analysis**');
  await page.getByTestId('points-balance').waitFor();
}

export async function openUserMenuItem(page: Page, item: string) {
  await page.getByRole('button', { name: zh.layout.header.userMenu }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Fails with `message` unless `condition` holds. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

type NewPage = (options?: { locale?: string }) => Promise<Page>;

/** Registers a new account named after `prefix` through the API and signs it in on /login; returns the overview's page. */
export async function signedIn(newPage: NewPage, baseUrl: string, prefix: string) {
  return signedInAs(newPage, baseUrl, uniqueUsername(prefix));
}

/** Registers the account `username` through the API and signs it in on /login; returns the overview's page. */
export async function signedInAs(newPage: NewPage, baseUrl: string, username: string) {
  await registerAccount(baseUrl, username);
  const page = await newPage();
  await page.goto('/login');
  await signIn(page, username, PASSWORD);
  await waitForOverview(page);
  return page;
}

/** Opens the settings drawer, runs `change` in it, and closes it again. */
export async function inSettings(page: Page, title: string, change: (drawer: Locator) => Promise<void>) {
  await page.getByRole('button', { name: title, exact: true }).first().click();
  const drawer = page.getByRole('dialog', { name: title });
  await drawer.waitFor();
  await change(drawer);
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
}

/**
 * Opens a page from the sidebar: its section first when it has one. It returns once the sidebar
 * shows the page as current, and its tab when the tab bar is shown.
 */
export async function openFromSidebar(page: Page, section: string | null, link: string) {
  const menu = page.getByRole('navigation', { name: zh.layout.menu.label });
  if (section) {
    const button = menu.getByRole('button', { name: section });
    // data-state, not aria-expanded: a section the accordion is folding stays aria-expanded until
    // its fold animation ends (Zag's collapsible), so just after another section opened it reads
    // open when it is not.
    if ((await button.getAttribute('data-state')) !== 'open') await button.click();
  }
  await menu.getByRole('link', { name: link, exact: true }).click();
  await menu.locator('a[aria-current="page"]', { hasText: link }).waitFor();
  if (await page.getByTestId('tabs-bar').isVisible()) await page.getByRole('tab', { name: link }).waitFor();
}

/**
 * No two of the shell's regions cover one another, and nothing sticks out of the window. The
 * sidebar is at either edge (menu mode vertical-right puts it at the right).
 */
export async function checkNoOverlap(page: Page, name: string) {
  const box = async (selector: string) => {
    const element = page.locator(selector).first();
    if (!(await element.isVisible())) return null;
    const found = await element.boundingBox();
    return found && { left: found.x, top: found.y, right: found.x + found.width, bottom: found.y + found.height };
  };
  const boxes = {
    header: await box('[data-testid="layout-header"]'),
    sidebar: await box('[data-testid="layout-sidebar"]'),
    main: await box('main'),
    width: (await page.evaluate('window.innerWidth')) as number,
    scrollWidth: (await page.evaluate('document.documentElement.scrollWidth')) as number,
  };
  const { header, sidebar, main } = boxes;
  check(header && main, `${name}: header and main are shown`);
  check(
    main.top >= header.bottom - 1 || main.left >= header.right - 1,
    `${name}: the page starts below the header (${JSON.stringify(boxes)})`,
  );
  if (sidebar)
    check(
      main.left >= sidebar.right - 1 || main.right <= sidebar.left + 1,
      `${name}: the page is beside the sidebar (${JSON.stringify(boxes)})`,
    );
  check(boxes.scrollWidth <= boxes.width, `${name}: nothing sticks out sideways (${boxes.scrollWidth} > ${boxes.width})`);
}

/** English and dark, by the header's buttons. */
export async function toEnglishDark(page: Page) {
  await page.getByRole('button', { name: zh.layout.header.language }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await page.getByRole('navigation', { name: en.layout.menu.label }).waitFor();
  await page.getByRole('button', { name: en.layout.header.darkMode }).click();
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
}

/**
 * Waits until a dialog's or drawer's opening animation is over: a screenshot shows it as the user
 * sees it, and its controls are where they end up (a click during the animation can miss them).
 */
export async function settled(dialog: Locator) {
  await dialog.waitFor();
  // An animation replaced by another (the dialog drawn again as the language or the theme changes)
  // ends cancelled, not finished: wait for what runs after it, until nothing in the dialog moves.
  await dialog.evaluate(async (element) => {
    for (;;) {
      const moving = element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
      if (moving.length === 0) return;
      await Promise.all(moving.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/**
 * Turns the mouse wheel at (x, y), as a user does, and returns once the page has taken the turn: the
 * scroll it started has ended, or nothing under the mouse could scroll that way. Playwright's wheel
 * returns before the browser has handled the event, so an offset read right after it can be the
 * offset from before (on a loaded machine, for a while).
 */
export async function wheelAt(page: Page, x: number, y: number, deltaY: number) {
  // Inline callbacks only: the page runs this function's text, without the test runner's helpers.
  const turn = await page.evaluateHandle(() => ({
    taken: new Promise<void>((resolve) => {
      // Not passive: the browser holds the scroll until this has run, so the scroll's end is heard.
      addEventListener(
        'wheel',
        (event) => {
          const down = event.deltaY > 0;
          for (let node = event.target instanceof Element ? event.target : null; node; node = node.parentElement) {
            const { overflowY } = getComputedStyle(node);
            if (node !== document.scrollingElement && overflowY !== 'auto' && overflowY !== 'scroll') continue;
            if (down ? Math.ceil(node.scrollTop + node.clientHeight) < node.scrollHeight : node.scrollTop > 0) {
              document.addEventListener('scrollend', () => resolve(), { capture: true, once: true });
              return;
            }
          }
          resolve();
        },
        { capture: true, once: true, passive: false },
      );
    }),
  }));
  await page.mouse.move(x, y);
  await page.mouse.wheel(0, deltaY);
  await turn.evaluate((armed) => armed.taken);
  await turn.dispose();
}

/**
 * The scroll offset of `scroller` (`what` in the message) once it stopped moving: a chart drawn late,
 * or a page getting its offset back, can still move it after the wheel's scroll has ended.
 */
export async function settledScrollTop(scroller: Locator, what: string): Promise<number> {
  let last = -1;
  for (let reads = 0; reads < 50; reads++) {
    const now = await scroller.evaluate((element) => element.scrollTop);
    if (now === last) return now;
    last = now;
    await scroller.page().waitForTimeout(50);
  }
  throw new Error(`${what} kept scrolling (${last})`);
}

/**
 * Waits until nothing on the page moves: every finite animation and transition has finished, and the
 * boxes of the page's test ids stayed the same over two frames (a chart or a late load can still move
 * the layout). What a person waits for before reading where things are or taking a picture.
 */
export async function atRest(page: Page) {
  for (let looks = 0; looks < 200; looks++) {
    // Inline callbacks only: the page runs this function's text, without the test runner's helpers.
    const still = await page.evaluate(async () => {
      await Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      );
      const layouts: string[] = [];
      for (let reading = 0; reading < 2; reading++) {
        if (reading > 0) await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        layouts.push(
          [...document.querySelectorAll('[data-testid]')].map((element) => JSON.stringify(element.getBoundingClientRect())).join(),
        );
      }
      const moving = document
        .getAnimations()
        .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
      return layouts[0] === layouts[1] && !moving;
    });
    if (still) return;
  }
  throw new Error('the page kept moving');
}

/**
 * Reads the page with `read` frame after frame until `reads` says it reads right, or the page's time
 * is up: a resized window re-renders its responsive parts, and a hover fades in, a frame or more
 * later. Returns the last reading, for the caller's check to say how it failed.
 */
export async function readUntil<T>(page: Page, read: () => Promise<T>, reads: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (reads(value) || Date.now() > deadline) return value;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
}

/**
 * The page header's toolbar (beside or under the page's title and the line about it) has its buttons
 * on one line, inside the window, at `width` px wide.
 */
export async function checkToolbarOnOneLine(page: Page, width: number, name: string) {
  await page.setViewportSize({ width, height: 900 });
  const toolbar = page.locator('main h1').first().locator('xpath=../following-sibling::*[1]');
  const oneLine = (boxes: { top: number; right: number }[]) =>
    boxes.length > 1 && boxes.every((box) => Math.abs(box.top - boxes[0]!.top) <= 1 && box.right <= width);
  const boxes = await readUntil(
    page,
    () =>
      toolbar.evaluate((element) =>
        [...element.children].map((child) => {
          const box = child.getBoundingClientRect();
          return { top: Math.round(box.top), right: Math.round(box.right) };
        }),
      ),
    oneLine,
  );
  check(oneLine(boxes), `${name}: the toolbar's buttons stand on one line inside ${width} px: ${JSON.stringify(boxes)}`);
}
