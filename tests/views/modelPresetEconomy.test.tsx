import './support/realServer'; // first: the console's http client then calls the page server below
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { ApiPath } from '../../contract/paths';
import { system } from '../../src/components/theme/system';
import { loadConsoleTheme } from '../../src/components/theme/consoleTheme';
import { changeLocale, loadPacks, setupI18n } from '../../src/i18n';
import ModelPage from '../../src/views/model/ModelPage';
import { ok, sendJson, startTestServer } from '../services/testServer';
import { useServerUrl } from './support/realServer';

/* The model page says, per preset, how economy mode runs on it: a batch API, off-peak prices, or neither. */

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.path === ApiPath.providerGet)
      return sendJson(
        response,
        ok({
          llm_base_url: '',
          llm_model: '',
          llm_api_key_hint: '',
          effective: { writer: 'offline', writer_source: 'embedded', images: 'cover-renderer', images_source: 'embedded' },
        }),
      );
    return sendJson(response, ok({}));
  });
  useServerUrl(server.url);
  await setupI18n('zh_CN');
  await changeLocale('zh_CN');
  await loadPacks(['model']);
  await loadConsoleTheme();
});
afterAll(() => server?.close());

describe('the model page in economy terms', () => {
  it('marks each preset with a batch API or off-peak prices, and explains the chosen one', async () => {
    render(
      <ChakraProvider value={system}>
        <ModelPage />
      </ChakraProvider>,
    );
    const presets = await screen.findByRole('group', { name: '预设' });
    const button = (name: string) => within(presets).getByRole('button', { name: new RegExp(`^${name}`) });
    expect(within(button('OpenAI')).getByText('批量接口')).toBeTruthy();
    expect(within(button('通义千问')).getByText('批量接口')).toBeTruthy();
    expect(within(button('DeepSeek')).getByText('错峰价格')).toBeTruthy();
    expect(within(button('DeepSeek')).queryByText('批量接口')).toBeNull();
    expect(within(button('Ollama')).queryByText(/批量接口|错峰价格/)).toBeNull();

    const user = userEvent.setup();
    await user.click(button('DeepSeek'));
    expect(within(screen.getByTestId('preset-note')).getByText(/经济模式/).textContent).toBe(
      '经济模式：该服务没有批量接口，但错峰时段价格减半，经济模式的任务只在错峰时段调用模型。' +
        '高峰时段（中国标准时间）：周一至周五 09:00–12:00、周一至周五 14:00–18:00；其余时段均为错峰。',
    );
    await user.click(button('OpenAI'));
    expect(within(screen.getByTestId('preset-note')).getByText(/经济模式/).textContent).toBe(
      '经济模式：通过该服务的批量接口生成（配图也由它生成时一并走批量接口），24 小时内完成，模型费用减半。',
    );
    await user.click(button('通义千问'));
    expect(within(screen.getByTestId('preset-note')).getByText(/经济模式/).textContent).toBe(
      '经济模式：通过该服务的批量接口生成，24 小时内完成，模型费用减半。',
    );
    await user.click(button('Ollama'));
    expect(within(screen.getByTestId('preset-note')).getByText(/经济模式/).textContent).toBe(
      '经济模式：该服务既没有批量接口，也没有错峰价格，经济模式的任务直接调用模型。',
    );
  });
});
