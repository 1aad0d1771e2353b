import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../src/components/theme/system';
import { loadConsoleTheme } from '../../src/components/theme/consoleTheme';
import { changeLocale, loadPacks, setupI18n } from '../../src/i18n';
import { QuoteSummary } from '../../src/components/points/QuoteSummary';

/* Publishing is free unless the operator prices it: the dialog's quote then says it is free. */

beforeAll(async () => {
  await setupI18n('zh_CN');
  await changeLocale('zh_CN');
  await loadPacks(['common']);
  await loadConsoleTheme();
});

describe('a free quote', () => {
  it('says the work is free, not a price of 0 with empty parentheses', () => {
    render(
      <ChakraProvider value={system}>
        <QuoteSummary view={{ quote: { count: 2, lines: [], per_item: 0, total: 0 }, pending: false, error: null }} what="publication" />
      </ChakraProvider>,
    );
    const quote = screen.getByTestId('quote');
    expect(quote.textContent).toContain('免费：不扣积分');
    expect(quote.textContent).toContain('合计 0 积分（发布 2 篇）');
    expect(quote.textContent).not.toContain('（）');
  });
});
