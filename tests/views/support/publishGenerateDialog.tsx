import type { ServerResponse } from 'node:http';
import { expect } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { ApiPath } from '../../../contract/paths';
import { system } from '../../../src/components/theme/system';
import { loadConsoleTheme } from '../../../src/components/theme/consoleTheme';
import { changeLocale, loadPacks, setupI18n } from '../../../src/i18n';
import publishing from '../../../src/i18n/locales/zh_CN/publishing.json';
import { FormDialog } from '../../../src/components/feedback/FormDialog';
import { PublishGenerateForm } from '../../../src/views/tasks/publishing/PublishGenerateForm';
import { ok, sendJson } from '../../services/testServer';
import { findDialog } from './dialogs';
import { useServerUrl } from './realServer';
import { SITE } from './siteGenerateDialog';
import { fill } from './texts';

/* The generate-and-publish dialog on its own, on a WordPress site, against a page server of the test's answers. */

/**
 * Answers the dialog's own reads — the site's keywords (none written yet) and the model it will
 * write with — and `false` for any other call, which the test answers.
 */
export function answerDialogReads(path: string, response: ServerResponse, keywords: readonly { id: number; keyword: string }[]): boolean {
  if (path === ApiPath.siteKeywordList) {
    const list = keywords.map((k) => ({ ...k, site_id: SITE.id, used: false, used_at: null, created_at: '2026-11-28 10:00:00' }));
    sendJson(response, ok({ list, total: list.length, unused: list.length }));
    return true;
  }
  if (path === ApiPath.providerGet) {
    sendJson(response, ok({ effective: { writer: 'gpt-test', images: 'cover-renderer' } }));
    return true;
  }
  return false;
}

/** The console calls the server at `url`, in Chinese, with the dialog's word packs and the theme loaded. */
export async function preparePublishGenerateDialog(url: string) {
  useServerUrl(url);
  await setupI18n('zh_CN');
  await changeLocale('zh_CN');
  await loadPacks(['publishing', 'tasks', 'site', 'model']);
  await loadConsoleTheme();
}

/** The dialog open on SITE as a WordPress site; `onStarted` is told of each task it starts. */
export const renderPublishGenerateDialog = (onStarted: () => void = () => {}) =>
  render(
    <ChakraProvider value={system}>
      <FormDialog open onClose={() => {}} title={publishing.generate.title} size="lg">
        <PublishGenerateForm sites={[{ ...SITE, type: 'wordpress' }]} onCancel={() => {}} onStarted={onStarted} />
      </FormDialog>
    </ChakraProvider>,
  );

/** Chooses `keywords` in the keyword picker, as a user does, and waits for the picker to close. */
export async function chooseKeywords(user: UserEvent, keywords: readonly string[]) {
  await user.click(await screen.findByRole('button', { name: publishing.generate.chooseKeywords }));
  const picker = await findDialog('dialog', publishing.keywordPicker.title);
  for (const keyword of keywords)
    await user.click(await within(picker).findByRole('checkbox', { name: fill(publishing.keywordPicker.select, { keyword }) }));
  await user.click(within(picker).getByRole('button', { name: publishing.keywordPicker.done }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: publishing.keywordPicker.title })).toBeNull());
}
