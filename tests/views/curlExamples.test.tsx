import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../src/components/theme/system';
import { changeLocale, loadPacks, setupI18n, type Locale } from '../../src/i18n';
import { CurlExamples } from '../../src/views/accesskey/CurlExamples';

/** The key page's examples: the commands are code, the words around them the reader's. */
async function renderExamples(locale: Locale) {
  await setupI18n(locale);
  await changeLocale(locale);
  await loadPacks(['accessKey']);
  cleanup();
  render(
    <ChakraProvider value={system}>
      <CurlExamples prefix="ink_ab12cd34" />
    </ChakraProvider>,
  );
}

describe('the curl examples', () => {
  afterAll(() => changeLocale('zh_CN'));

  it('comment the key line in Chinese for a Chinese reader', async () => {
    await renderExamples('zh_CN');
    expect(screen.getByText(/export INKPRESS_KEY=/).textContent).toBe(
      "export INKPRESS_KEY='ink_ab12cd34…'  # 完整的密钥，只在创建时显示一次",
    );
  });

  it('and in English for an English one', async () => {
    await renderExamples('en');
    expect(screen.getByText(/export INKPRESS_KEY=/).textContent).toBe(
      "export INKPRESS_KEY='ink_ab12cd34…'  # the whole secret, shown once when the key was made",
    );
  });
});
