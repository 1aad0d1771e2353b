import { useServerUrl } from './support/realServer'; // first: the console's http client then calls the page server below
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { ApiPath } from '../../contract/paths';
import type { AccessKeyAddBody } from '../../contract/schemas/accessKey';
import { system } from '../../src/components/theme/system';
import { DateTimeField } from '../../src/components/form/DateTimeField';
import {
  PublishingFields,
  publishingBody,
  publishingInitial,
  type PublishingValues,
} from '../../src/components/publishing/PublishingFields';
import { useValidatedForm } from '../../src/components/form/useValidatedForm';
import { changeLocale, loadPacks, setupI18n, type Locale } from '../../src/i18n';
import { KeyFormDialog } from '../../src/views/accesskey/KeyFormDialog';
import zhCommon from '../../src/i18n/locales/zh_CN/common.json';
import { ok, sendJson, startTestServer } from '../services/testServer';

/* A moment (expiry, publish date, run time) as its reader writes a day and a time: the console's language, not the browser's. */

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
const added: AccessKeyAddBody[] = [];
beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.path === ApiPath.accessKeyAdd) {
      const body = JSON.parse(request.body) as AccessKeyAddBody;
      added.push(body);
      return sendJson(response, ok({ id: 1, name: body.name, secret: 'sk-test' }));
    }
    return sendJson(response, ok({ list: [], total: 0 }));
  });
  useServerUrl(server.url);
});
afterAll(async () => {
  server?.close();
  await changeLocale('zh_CN');
});

async function inLocale(locale: Locale) {
  await setupI18n(locale);
  await changeLocale(locale);
  await loadPacks(['common', 'accessKey', 'publishing', 'tasks']);
  cleanup();
}

/** The field in a form of its own that holds its value, with a button that puts another value in (as a reset does). */
function renderField(initial: string) {
  const onValueChange = vi.fn();
  function Form() {
    const [value, setValue] = useState(initial);
    const change = (next: string) => {
      onValueChange(next);
      setValue(next);
    };
    return (
      <>
        <DateTimeField label="发送时间" name="run_at" value={value} onValueChange={change} />
        <button type="button" onClick={() => setValue('2027-01-02T08:00')}>
          reset
        </button>
      </>
    );
  }
  render(
    <ChakraProvider value={system}>
      <Form />
    </ChakraProvider>,
  );
  const group = screen.getByRole('group', { name: '发送时间' });
  return {
    onValueChange,
    day: within(group).getByRole('textbox', { name: '发送时间：日期' }) as HTMLInputElement,
    time: within(group).getByRole('textbox', { name: '发送时间：时间' }) as HTMLInputElement,
  };
}

/** The publishing fields in a form of their own, showing the value they hold and the body they send. */
function PublishingForm() {
  const form = useValidatedForm<PublishingValues>({ ...publishingInitial(), post_status: 'future' }, {});
  return (
    <>
      <PublishingFields siteId="" values={form.values} field={form.field} />
      <output data-testid="body">{form.values.post_date && JSON.stringify(publishingBody(form.values))}</output>
    </>
  );
}

describe('a date-and-time field', () => {
  it('shows a moment as Chinese writes it, the empty halves in Chinese too', async () => {
    await inLocale('zh_CN');
    const { day, time } = renderField('2026-12-01T09:05');
    expect(day.value).toBe('2026/12/01');
    expect(time.value).toBe('09:05');
    cleanup();
    const empty = renderField('');
    expect(empty.day.getAttribute('placeholder')).toBe(zhCommon.dateInput.placeholder);
    expect(empty.time.getAttribute('placeholder')).toBe(zhCommon.dateTimeInput.timePlaceholder);
    expect(document.querySelector('input[type="datetime-local"]')).toBeNull();
  });

  it('shows what the form puts in it, and keeps half a moment while it is typed', async () => {
    await inLocale('zh_CN');
    const { day, time, onValueChange } = renderField('2026-12-01T09:05');
    const user = userEvent.setup();
    await user.clear(time);
    await user.type(time, '1');
    expect(onValueChange).toHaveBeenLastCalledWith('');
    expect(day.value).toBe('2026/12/01');
    expect(time.value).toBe('1');
    await user.click(screen.getByRole('button', { name: 'reset' }));
    await waitFor(() => expect(day.value).toBe('2027/01/02'));
    expect(time.value).toBe('08:00');
  });

  it('takes a day and a time typed as Chinese writes them, and says when the time is not one', async () => {
    await inLocale('zh_CN');
    const { day, time, onValueChange } = renderField('');
    const user = userEvent.setup();
    await user.click(day);
    await user.paste('2026/12/01');
    await user.keyboard('{Enter}');
    // A day alone reads as its start, written where the user sees it.
    await waitFor(() => expect(onValueChange).toHaveBeenLastCalledWith('2026-12-01T00:00'));
    expect(time.value).toBe('00:00');
    await user.clear(time);
    await user.type(time, '9：05');
    expect(onValueChange).toHaveBeenLastCalledWith('2026-12-01T09:05');
    await user.clear(time);
    await user.type(time, '25:00');
    expect(onValueChange).toHaveBeenLastCalledWith('');
    expect(screen.getByText(zhCommon.dateTimeInput.badTime)).toBeTruthy();
  });

  it('the key form sends the expiry as it always did', async () => {
    await inLocale('zh_CN');
    render(
      <ChakraProvider value={system}>
        <KeyFormDialog open onClose={() => {}} onCreated={() => {}} />
      </ChakraProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: '名称' }), 'nightly');
    await user.click(screen.getByRole('textbox', { name: '过期时间：日期' }));
    await user.paste('2030/01/31');
    await user.keyboard('{Enter}');
    const time = screen.getByRole('textbox', { name: '过期时间：时间' });
    await user.clear(time);
    await user.type(time, '18:00');
    await user.click(screen.getByRole('button', { name: '创建密钥' }));
    await waitFor(() => expect(added.at(-1)?.expires_at).toBe('2030-01-31 18:00:00'));
  });

  it('the publishing fields send the publish date as the instant they always did, in English too', async () => {
    await inLocale('en');
    render(
      <ChakraProvider value={system}>
        <PublishingForm />
      </ChakraProvider>,
    );
    const user = userEvent.setup();
    const day = await screen.findByRole('textbox', { name: 'Post date: date' });
    expect(day.getAttribute('placeholder')).toBe('mm/dd/yyyy');
    await user.click(day);
    await user.paste('12/01/2026');
    await user.keyboard('{Enter}');
    const time = screen.getByRole('textbox', { name: 'Post date: time' });
    await user.clear(time);
    await user.type(time, '21:30');
    await waitFor(() =>
      expect(JSON.parse(screen.getByTestId('body').textContent ?? '{}')).toMatchObject({
        post_status: 'future',
        post_date: new Date('2026-12-01T21:30').toISOString(),
      }),
    );
  });
});
