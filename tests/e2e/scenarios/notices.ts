import type { Page } from 'playwright-core';
import { scenario } from '../harness';
import { PASSWORD, registerAccount, uniqueUsername } from '../api';
import { check, signIn, toEnglishDark, waitForOverview } from '../pages';
import { en, fill, zh } from '../texts';
import zhNotice from '../../../src/i18n/locales/zh_CN/notice.json';
import enNotice from '../../../src/i18n/locales/en/notice.json';
import zhWorkorder from '../../../src/i18n/locales/zh_CN/workorder.json';
import enWorkorder from '../../../src/i18n/locales/en/workorder.json';

/** The unread count the header's bell shows. */
async function unreadOf(page: Page): Promise<number> {
  return Number(await page.getByTestId('notice-bell').getAttribute('data-unread'));
}

/** Waits (without reloading) until the bell shows `count` unread. */
async function bellShows(page: Page, count: number) {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="notice-bell"]')?.getAttribute('data-unread') === String(expected),
    count,
  );
}

/** Marks the page's document, so a reload (which would drop the mark) is seen. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { e2eMark: number }).e2eMark = 1));
}
async function notReloaded(page: Page, name: string) {
  check((await page.evaluate(() => (window as unknown as { e2eMark?: number }).e2eMark)) === 1, `${name}: the page was not reloaded`);
}

/**
 * A page that waits longer than the harness's 10 s: on the shared two-core machine a navigation
 * alone can take that long, and this scenario's timing goal is the bell's, checked separately.
 */
async function patientPage(newPage: () => Promise<Page>) {
  const page = await newPage();
  page.context().setDefaultNavigationTimeout(30_000);
  return page;
}

async function signedInUser(newPage: () => Promise<Page>, baseUrl: string, username: string) {
  await registerAccount(baseUrl, username);
  const page = await patientPage(newPage);
  await page.goto('/login');
  await signIn(page, username, PASSWORD);
  await waitForOverview(page);
  return page;
}

async function signedInAdmin(newPage: () => Promise<Page>, adminPassword: string) {
  const admin = await patientPage(newPage);
  await admin.goto('/login');
  await signIn(admin, 'admin', adminPassword);
  await waitForOverview(admin);
  return admin;
}

/** Waits until the attached screenshot named `name` is shown (loaded, not a broken image). */
async function imageShown(page: Page, name: string) {
  await page.getByTestId('workorder-thread').getByRole('img', { name }).waitFor();
  await page.waitForFunction((alt) => {
    const image = document.querySelector<HTMLImageElement>(`[data-testid="workorder-thread"] img[alt="${alt}"]`);
    return !!image && image.complete && image.naturalWidth > 0;
  }, name);
}

/** A small PNG: a screenshot of the page, as a user would attach one. */
async function screenshotFile(page: Page) {
  return { name: 'screen.png', mimeType: 'image/png', buffer: await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } }) };
}

export const noticeScenarios = [
  scenario(
    'notices: the operator publishes a notice; the bell of a signed-in user rises in two tabs without a reload, reading it makes the count fall',
    async ({ newPage, baseUrl, adminPassword, screenshot }) => {
      const username = uniqueUsername('reader');
      const page = await signedInUser(newPage, baseUrl, username);
      const second = await page.context().newPage();
      await second.goto('/dashboard/analysis');
      await second.getByTestId('notice-bell').waitFor();
      const before = await unreadOf(page);
      check((await unreadOf(second)) === before, 'both tabs start at the same count');
      await markDocument(page);
      await markDocument(second);
      // The user goes back to the first tab; the second stays open behind it (a background tab's
      // timers and frames are throttled, as in a real browser: its bell must still hear of the notice).
      await page.bringToFront();

      // The operator writes the notice on /notice/manage.
      const admin = await signedInAdmin(newPage, adminPassword);
      await admin.goto('/notice/manage');
      await admin.getByRole('button', { name: zhNotice.manage.add }).click();
      const editor = admin.getByRole('dialog', { name: zhNotice.manage.add });
      await editor.waitFor();
      const title = `维护通知 ${username}`;
      await editor.getByLabel(zhNotice.manage.fields.title, { exact: true }).fill(title);
      await editor
        .getByLabel(zhNotice.manage.fields.content, { exact: true })
        .fill('<p>今晚 <b>22:00</b> 升级。</p><script>window.hacked = 1</script><p><a href="https://status.example.com">状态页</a></p>');
      await editor.getByText(zhNotice.manage.fields.pinned, { exact: true }).click();
      await screenshot(admin, 'notices-manage-editor');
      await editor.getByRole('button', { name: zhNotice.manage.save }).click();
      await editor.waitFor({ state: 'hidden' });
      const adminRow = admin.getByRole('table', { name: zhNotice.manage.title }).getByRole('row', { name: new RegExp(title) });
      await adminRow.getByText(zhNotice.manage.state.published).waitFor();
      await screenshot(admin, 'notices-manage-list');

      // Both tabs of the user hear of it without a reload.
      await bellShows(page, before + 1);
      await bellShows(second, before + 1);
      await notReloaded(page, 'first tab');
      await notReloaded(second, 'second tab');
      await page.getByTestId('notice-count').waitFor();
      await screenshot(page, 'notices-bell-count');

      // The bell's popover lists it; it leads to the list of unread messages.
      await page.getByTestId('notice-bell').click();
      const popover = page.getByTestId('notice-popover');
      await popover.getByText(title).waitFor();
      await popover.getByText(fill(zhNotice.bell.unread, { count: before + 1 })).waitFor();
      await screenshot(page, 'notices-bell-popover');
      await popover.getByRole('button', { name: zhNotice.bell.viewAll }).click();
      await page.waitForURL('**/notice/index');
      const unreadTable = page.getByRole('table', { name: zhNotice.tabs.unread });
      const row = unreadTable.getByRole('row', { name: new RegExp(title) });
      await row.getByText(zhNotice.pinned, { exact: true }).waitFor();
      await row.getByText(zhNotice.kinds.announcement, { exact: true }).waitFor();
      await screenshot(page, 'notices-index-unread');

      // Opening it marks it read: the count falls in both tabs; the content is inert.
      await row.getByText(title).click();
      await page.waitForURL('**/notice/details?id=*');
      check((await page.getByTestId('notice-title').innerText()) === title, 'the details show the title');
      await page.getByText('22:00').waitFor();
      await page.getByRole('link', { name: '状态页' }).waitFor();
      check(
        (await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)) === undefined,
        'the script in the notice did not run',
      );
      await bellShows(page, before);
      await bellShows(second, before);
      await notReloaded(second, 'second tab after reading');
      await screenshot(page, 'notices-details');

      // The list: no longer unread, under "read" and "all".
      await page.getByRole('link', { name: zhNotice.actions.back }).click();
      await page.waitForURL('**/notice/index');
      await unreadTable.waitFor();
      check((await unreadTable.getByRole('row', { name: new RegExp(title) }).count()) === 0, 'it left the unread list');
      await page.getByRole('tab', { name: zhNotice.tabs.read }).click();
      await page
        .getByRole('table', { name: zhNotice.tabs.read })
        .getByRole('row', { name: new RegExp(title) })
        .waitFor();
      await page.getByRole('tab', { name: zhNotice.tabs.all }).click();
      await page
        .getByRole('table', { name: zhNotice.tabs.all })
        .getByRole('row', { name: new RegExp(title) })
        .waitFor();
      await screenshot(page, 'notices-index-all');

      // English and dark: the same pages.
      await toEnglishDark(page);
      await page
        .getByRole('table', { name: enNotice.tabs.all })
        .getByRole('row', { name: new RegExp(title) })
        .waitFor();
      await screenshot(page, 'notices-index-all-en-dark');
      await page.getByRole('table', { name: enNotice.tabs.all }).getByText(title).click();
      await page.getByTestId('notice-title').waitFor();
      await page.getByText(enNotice.kinds.announcement, { exact: true }).waitFor();
      await screenshot(page, 'notices-details-en-dark');
      await page.getByTestId('notice-bell').click();
      await page.getByTestId('notice-popover').getByText(title).waitFor();
      await page.getByTestId('notice-popover').getByText(enNotice.bell.latest).waitFor();
      await screenshot(page, 'notices-bell-popover-en-dark');
      await page.keyboard.press('Escape');

      // The operator's list, in English and dark too.
      await toEnglishDark(admin);
      await admin
        .getByRole('table', { name: enNotice.manage.title })
        .getByRole('row', { name: new RegExp(title) })
        .getByText(enNotice.manage.state.published)
        .waitFor();
      await screenshot(admin, 'notices-manage-list-en-dark');
    },
  ),

  scenario(
    'notices: a user submits a work order with a screenshot, the operator answers it in the queue, the user sees the answer and its notice',
    async ({ newPage, baseUrl, adminPassword, screenshot }) => {
      const username = uniqueUsername('customer');
      const page = await signedInUser(newPage, baseUrl, username);
      const before = await unreadOf(page);

      // The header's work-order button, then "submit a work order".
      await page.getByRole('button', { name: zh.layout.header.workOrder, exact: true }).click();
      await page.waitForURL('**/workorder/myworkorder');
      await page.getByRole('table', { name: zh.routes.workorder.list }).waitFor();
      await page.getByRole('link', { name: zhWorkorder.new }).click();
      await page.waitForURL('**/workorder/commit');
      const title = `文章生成卡住了 ${username}`;
      await page.getByLabel(zhWorkorder.fields.category, { exact: true }).selectOption('generation');
      await page.getByLabel(zhWorkorder.fields.title, { exact: true }).fill(title);
      await page
        .getByLabel(zhWorkorder.fields.description, { exact: true })
        .fill('任务一直显示“生成中”，已经一个小时了。<script>window.hacked = 1</script>');
      await page.getByTestId('workorder-file').setInputFiles(await screenshotFile(page));
      await page.getByText('screen.png', { exact: true }).waitFor();
      await screenshot(page, 'workorder-commit');
      await page.getByRole('button', { name: zhWorkorder.actions.submit, exact: true }).click();
      await page.waitForURL('**/workorder/myworkorder?id=*');
      const id = Number(new URL(page.url()).searchParams.get('id'));
      const thread = page.getByTestId('workorder-thread');
      await thread.getByText('<script>window.hacked = 1</script>', { exact: false }).waitFor();
      await imageShown(page, 'screen.png');
      check((await page.getByTestId('workorder-status').innerText()) === zhWorkorder.statuses.open, 'a new work order is open');
      await screenshot(page, 'workorder-mine-open');
      await markDocument(page);

      // The operator finds it in the queue (open ones) and answers.
      const admin = await signedInAdmin(newPage, adminPassword);
      await admin.goto('/workorder/queue');
      const queue = admin.getByRole('table', { name: zhWorkorder.queue.title });
      const queued = queue.getByRole('row', { name: new RegExp(title) });
      // The account and who opened it: the owner, here.
      await queued.getByText(username, { exact: true }).first().waitFor();
      check((await queued.getByText(username, { exact: true }).count()) === 2, 'the queue names the account and the author');
      await screenshot(admin, 'workorder-queue');
      await queued.getByText(title).click();
      await admin.waitForURL(`**/workorder/queue?id=${id}`);
      await imageShown(admin, 'screen.png');
      const answer = '已为您重新排队，几分钟内会完成。';
      await admin.getByRole('textbox', { name: zhWorkorder.thread.replyPlaceholder }).fill(answer);
      await admin.getByRole('button', { name: zhWorkorder.actions.reply }).click();
      await admin.getByTestId('workorder-thread').locator('[data-from="operator"]').getByText(answer).waitFor();
      await admin.getByTestId('workorder-status').filter({ hasText: zhWorkorder.statuses.answered }).waitFor();
      await screenshot(admin, 'workorder-queue-answered');

      // The user hears of it (the bell, without a reload) and sees the answer.
      await bellShows(page, before + 1);
      await notReloaded(page, 'the work order page');
      // The open thread shows the answer without a reload.
      await page.getByTestId('workorder-thread').locator('[data-from="operator"]').getByText(answer).waitFor();
      await page.getByTestId('workorder-status').filter({ hasText: zhWorkorder.statuses.answered }).waitFor();
      await page.getByTestId('notice-bell').click();
      const answeredTitle = fill(zhNotice.events.workorder_answered.title, { id });
      await page.getByTestId('notice-popover').getByText(answeredTitle).waitFor();
      await screenshot(page, 'workorder-answered-bell');
      await page.getByTestId('notice-popover').getByText(answeredTitle).click();
      await page.waitForURL('**/notice/details?id=*');
      check((await page.getByTestId('notice-title').innerText()) === answeredTitle, "the notice is titled in the reader's language");
      // Its words are the reader's language too, with the answer quoted.
      await page.getByTestId('notice-body').getByText(fill(zhNotice.events.workorder_answered.body, { title }), { exact: true }).waitFor();
      await page.getByTestId('notice-body').getByText(answer, { exact: true }).waitFor();
      await screenshot(page, 'workorder-answered-notice');
      await page.getByRole('link', { name: zhNotice.actions.goTo }).click();
      await page.waitForURL(`**/workorder/myworkorder?id=${id}`);
      await page.getByTestId('workorder-thread').locator('[data-from="operator"]').getByText(answer).waitFor();
      await bellShows(page, before);

      await page.getByRole('link', { name: zhWorkorder.actions.back }).click();
      await page.waitForURL('**/workorder/myworkorder');
      const mine = page.getByRole('table', { name: zh.routes.workorder.list }).getByRole('row', { name: new RegExp(title) });
      await mine.getByText(zhWorkorder.statuses.answered, { exact: true }).waitFor();
      await mine.getByText(zhWorkorder.answered, { exact: true }).waitFor();
      await screenshot(page, 'workorder-mine-list');

      // English and dark: the list, the thread, the form.
      await toEnglishDark(page);
      const enMine = page.getByRole('table', { name: en.routes.workorder.list }).getByRole('row', { name: new RegExp(title) });
      await enMine.getByText(enWorkorder.statuses.answered, { exact: true }).waitFor();
      await screenshot(page, 'workorder-mine-list-en-dark');
      await enMine.getByText(title).click();
      await page.getByTestId('workorder-thread').locator('[data-from="operator"]').getByText(answer).waitFor();
      await screenshot(page, 'workorder-mine-thread-en-dark');
      await page.goto('/workorder/commit');
      await page.getByLabel(enWorkorder.fields.title, { exact: true }).waitFor();
      await screenshot(page, 'workorder-commit-en-dark');

      // The user closes it; the operator's queue (en, dark) shows it closed.
      await page.goto(`/workorder/myworkorder?id=${id}`);
      await page.getByRole('button', { name: enWorkorder.actions.close, exact: true }).click();
      await page.getByTestId('workorder-status').filter({ hasText: enWorkorder.statuses.closed }).waitFor();
      await page.getByRole('button', { name: enWorkorder.actions.reopen }).waitFor();
      await screenshot(page, 'workorder-mine-closed-en-dark');
      await toEnglishDark(admin);
      await admin.goto('/workorder/queue');
      const enQueue = admin.getByRole('table', { name: enWorkorder.queue.title });
      await admin.getByLabel(enWorkorder.fields.status, { exact: true }).selectOption('closed');
      await enQueue
        .getByRole('row', { name: new RegExp(title) })
        .getByText(enWorkorder.statuses.closed, { exact: true })
        .waitFor();
      await screenshot(admin, 'workorder-queue-en-dark');
    },
  ),
];
