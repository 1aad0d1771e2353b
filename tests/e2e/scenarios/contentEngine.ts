import { scenario } from '../harness';
import { PASSWORD, uniqueUsername } from '../api';
import { check, waitForOverview } from '../pages';
import { zh } from '../texts';
import site from '../../../src/i18n/locales/zh_CN/site.json';
import generation from '../../../src/i18n/locales/zh_CN/generation.json';
import article from '../../../src/i18n/locales/zh_CN/article.json';
import ledger from '../../../contract/locales/zh_CN/ledger.json';
import model from '../../../src/i18n/locales/zh_CN/model.json';
import modelEn from '../../../src/i18n/locales/en/model.json';

const KEYWORDS = Array.from({ length: 20 }, (_, index) => `e2e keyword ${index + 1}`).join('\n');

export const contentEngineScenarios = [
  scenario(
    'a newcomer adds a site, pastes 20 keywords, generates articles, reads one with its SEO score and sees the points spent',
    async ({ newPage, screenshot }) => {
      const page = await newPage();
      await page.goto('/login');
      await page.getByRole('button', { name: zh.sys.login.registerButton, exact: true }).click();
      const register = page.getByRole('form', { name: zh.sys.login.signUpFormTitle });
      await register.getByLabel(zh.sys.login.userName, { exact: true }).fill(uniqueUsername('writer'));
      await register.getByLabel(zh.sys.login.password, { exact: true }).fill(PASSWORD);
      await register.getByLabel(zh.sys.login.confirmPassword, { exact: true }).fill(PASSWORD);
      await register.getByRole('button', { name: zh.sys.login.registerButton, exact: true }).click();
      await waitForOverview(page);
      // Without a model the overview says real articles need one, with the way to connect it.
      await page.getByTestId('model-notice').waitFor();
      check(
        (await page.getByTestId('model-notice').textContent())?.includes(model.notConnected),
        'the overview says real articles need a model',
      );
      await screenshot(page, 'overview-model-notice');
      const startPoints = Number((await page.getByTestId('points-balance').textContent())?.replace(/\D/g, ''));

      // Add a site: a bad URL is refused in the form first.
      await page.goto('/site');
      await page.getByRole('button', { name: site.add }).click();
      const siteForm = page.getByRole('form', { name: site.form.addTitle });
      await siteForm.getByLabel(site.fields.name, { exact: true }).fill('Garden Journal');
      await siteForm.getByLabel(site.fields.url, { exact: true }).fill('ftp://garden.example');
      await siteForm.getByRole('button', { name: zh.common.okText }).click();
      await siteForm.getByText(zh.sys.validation.urlFormat).waitFor();
      await siteForm.getByLabel(site.fields.url, { exact: true }).fill('https://garden.example');
      await siteForm.getByLabel(site.fields.type, { exact: true }).selectOption('export');
      await screenshot(page, 'site-add');
      await siteForm.getByRole('button', { name: zh.common.okText }).click();
      await page.getByRole('cell', { name: /^Garden Journal https/ }).waitFor();
      // The row's "more" menu holds edit, categories and delete.
      await page.getByRole('button', { name: site.actions.more.replace('{{name}}', 'Garden Journal') }).click();
      for (const item of [site.actions.edit, site.actions.categories, site.actions.delete])
        await page.getByRole('menuitem', { name: item }).waitFor();
      await page.keyboard.press('Escape');

      // Paste 20 keywords.
      await page.getByRole('button', { name: site.actions.keywords }).click();
      await page.getByLabel(site.keywords.paste, { exact: true }).fill(KEYWORDS);
      await page.getByRole('button', { name: site.keywords.add, exact: true }).click();
      await page.getByText('新增 20 个，已存在 0 个').waitFor();
      await page
        .getByRole('cell', { name: /^e2e keyword \d+$/ })
        .first()
        .waitFor();
      await screenshot(page, 'site-keywords');
      await page.keyboard.press('Escape');
      await page.getByText('20 / 共 20').waitFor();
      await screenshot(page, 'site-list');

      // Start a task for 3 of them and watch it finish with the offline writer.
      await page.getByRole('button', { name: site.actions.generate }).click();
      const taskForm = page.getByRole('form', { name: generation.form.title });
      await taskForm.getByTestId('model-notice').waitFor();
      await screenshot(page, 'article-task-form-model-notice');
      await taskForm.getByLabel(generation.fields.count, { exact: true }).fill('3');
      await taskForm.getByRole('button', { name: generation.form.start }).click();
      await page.waitForURL('**/article_task');
      await page.locator('[data-status="running"], [data-status="completed"]').first().waitFor();
      await screenshot(page, 'article-task-running');
      await page.locator('[data-status="completed"]').first().waitFor({ timeout: 90_000 });
      const progress = await page.locator('[data-testid^="task-progress-"]').first().textContent();
      check(progress?.includes('完成 3') && progress.includes('共 3'), `the task shows 3 of 3 done, got "${progress}"`);
      await screenshot(page, 'article-task-done');

      // Open an article's page: body, images and the SEO score with its checks.
      await page.goto('/article');
      const firstTitle = page.getByRole('link', { name: /e2e keyword/i }).first();
      await firstTitle.click();
      await page.waitForURL('**/article/detail/*');
      const seo = page.getByRole('region', { name: article.seo.title });
      await seo.waitFor();
      check((await page.getByTestId('article-body').textContent())?.toLowerCase().includes('e2e keyword'), 'the body mentions its keyword');
      check((await page.getByRole('main').locator('img').count()) > 0, 'the article shows its images');
      // Without a model it is a brief: marked so, and not scored as an article.
      await page.getByTestId('article-brief').waitFor();
      check(
        (await page.getByTestId('article-body').textContent())?.includes('文章简报') ||
          (await page.getByTestId('article-body').textContent())?.includes('Article brief'),
        'the body says it is a brief',
      );
      check((await seo.locator('li').count()) >= 1, 'the SEO panel lists its checks');
      await screenshot(page, 'article-detail');
      await page.getByRole('link', { name: article.detail.back }).click();
      await page.waitForURL('**/article');
      await screenshot(page, 'article-list');

      // The points the task spent show on /account.
      await page.goto('/account');
      await page.getByRole('cell', { name: ledger.reasons.article_generation }).first().waitFor();
      const balance = Number((await page.getByTestId('account-balance').textContent())?.replace(/\D/g, ''));
      check(balance < startPoints, `the balance fell from ${startPoints}, got ${balance}`);
      await screenshot(page, 'account');

      await page.getByRole('button', { name: zh.layout.header.darkMode }).click();
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
      await screenshot(page, 'account-dark');
      await page.goto('/article_task');
      await page.locator('[data-status="completed"]').first().waitFor();
      await screenshot(page, 'article-task-dark');

      // The model page: presets fill the form; dark, then in English.
      await page.goto('/model');
      await page.getByTestId('model-status').waitFor();
      await page.getByRole('button', { name: model.preset.deepseek }).click();
      check(
        (await page.getByLabel(model.fields.baseUrl, { exact: true }).inputValue()) === 'https://api.deepseek.com/v1',
        'the DeepSeek preset fills the base URL',
      );
      await screenshot(page, 'model-provider-dark');
      await page.getByRole('button', { name: zh.layout.header.lightMode }).click();
      await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
      await screenshot(page, 'model-provider');
      await page.getByRole('button', { name: zh.layout.header.language }).click();
      await page.getByRole('menuitemradio', { name: 'English' }).click();
      await page.getByRole('button', { name: modelEn.preset.qwen }).click();
      await page.getByText(modelEn.presetNote.qwen).waitFor();
      await screenshot(page, 'model-provider-en');
    },
  ),
];
