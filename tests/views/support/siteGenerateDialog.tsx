import { render } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { Site } from '../../../contract/schemas/site';
import { system } from '../../../src/components/theme/system';
import { loadConsoleTheme } from '../../../src/components/theme/consoleTheme';
import { changeLocale, loadPacks, setupI18n } from '../../../src/i18n';
import { SiteGenerateDialog } from '../../../src/views/site/SiteGenerateDialog';
import { useServerUrl } from './realServer';

/* The site generate dialog on its own, against a page server of the test's answers. */

/** An export site of 8 keywords, 4 of them not written yet. */
export const SITE: Site = {
  id: 3,
  name: 'Tea blog',
  url: 'https://tea.example',
  language: 'en',
  type: 'export',
  status: 'enabled',
  default_category_id: null,
  has_credentials: false,
  credentials_hint: '',
  keyword_count: 8,
  unused_keyword_count: 4,
  last_check_ok: null,
  last_check_message: '',
  last_check_at: null,
  created_at: '2026-11-28 10:00:00',
  updated_at: '2026-11-28 10:00:00',
};

/** The console calls the server at `url`, in Chinese, with the dialog's word packs and the theme loaded. */
export async function prepareGenerateDialog(url: string) {
  useServerUrl(url);
  await setupI18n('zh_CN');
  await changeLocale('zh_CN');
  await loadPacks(['generation', 'site', 'model']);
  await loadConsoleTheme();
}

/** The dialog open on SITE; `onStarted` is told of each task it starts. */
export const renderGenerateDialog = (onStarted: () => void = () => {}) =>
  render(
    <ChakraProvider value={system}>
      <SiteGenerateDialog open site={SITE} onClose={() => {}} onStarted={onStarted} />
    </ChakraProvider>,
  );
