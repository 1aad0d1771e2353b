import { afterAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../src/components/theme/system';
import { DateRangeFilter } from '../../src/components/table/DateRangeFilter';
import { changeLocale, loadPacks, setupI18n, type Locale } from '../../src/i18n';
import zhCommon from '../../src/i18n/locales/zh_CN/common.json';

/** A table's date range, as its reader writes a day: the console's language, not the browser's. */
async function renderRange(locale: Locale, from?: string) {
  await setupI18n(locale);
  await changeLocale(locale);
  await loadPacks(['common']);
  cleanup();
  const onFromChange = vi.fn();
  render(
    <ChakraProvider value={system}>
      <DateRangeFilter from={from} to={undefined} labels={{ from: 'from', to: 'to' }} onFromChange={onFromChange} onToChange={() => {}} />
    </ChakraProvider>,
  );
  return { onFromChange, field: screen.getByRole('textbox', { name: 'from' }) as HTMLInputElement };
}

describe('a day field', () => {
  afterAll(() => changeLocale('zh_CN'));

  it('shows a day as Chinese writes it, with a calendar named in Chinese', async () => {
    const { field } = await renderRange('zh_CN', '2026-11-29');
    expect(field.value).toBe('2026/11/29');
    expect(screen.getAllByRole('button', { name: zhCommon.dateInput.open })).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'to' }).getAttribute('placeholder')).toBe(zhCommon.dateInput.placeholder);
  });

  it('takes a day typed as Chinese writes it', async () => {
    const { field, onFromChange } = await renderRange('zh_CN');
    const user = userEvent.setup();
    await user.click(field);
    await user.paste('2026/12/01');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onFromChange).toHaveBeenLastCalledWith('2026-12-01'));
  });

  it('names every part of its calendar to a screen reader in Chinese, none in the library\u2019s English', async () => {
    await renderRange('zh_CN', '2026-11-29');
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: zhCommon.dateInput.open })[0]);
    const calendar = await screen.findByRole('application', { name: zhCommon.dateInput.calendar });
    const spoken = [calendar, ...calendar.querySelectorAll('*')].flatMap((element) =>
      ['aria-label', 'aria-roledescription'].map((name) => element.getAttribute(name)).filter((text): text is string => Boolean(text)),
    );
    expect(spoken).toEqual(
      expect.arrayContaining([zhCommon.calendarPhrases.picker, zhCommon.calendarPhrases.month, zhCommon.dateInput.next.day]),
    );
    expect(spoken.filter((text) => /[A-Za-z]{2,}/.test(text))).toEqual([]);
    await user.keyboard('{Escape}');
  });

  it('and as English writes it in the English console', async () => {
    const { field } = await renderRange('en', '2026-11-29');
    expect(field.value).toBe('11/29/2026');
  });
});
