import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, createElement } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../src/components/theme/system';
import { lazyPage } from '../../src/components/feedback/lazyPage';
import { loadPacks, setupI18n } from '../../src/i18n';
import { errorLog } from '../../src/services/errorLog/errorLog';
import { PageErrorBoundary } from '../../src/views/layout/PageErrorBoundary';
import { RELOADED_FOR_NEW_BUILD } from '../../src/services/document/newBuild';
import { zh } from './support/texts';

/** A page that breaks while rendering, until told not to. */
let broken = true;
function FragilePage() {
  if (broken) throw new Error('rows is undefined');
  return <p>The page works</p>;
}

function renderInBoundary(children: React.ReactNode) {
  return render(
    <ChakraProvider value={system}>
      <PageErrorBoundary>
        <Suspense fallback={<p>loading</p>}>{children}</Suspense>
      </PageErrorBoundary>
    </ChakraProvider>,
  );
}

/** The address the file started at, given back after each test (the document is shared with other files). */
const startAddress = `${window.location.pathname}${window.location.search}`;

afterEach(() => {
  window.history.replaceState(null, '', startAddress);
  window.sessionStorage.removeItem(RELOADED_FOR_NEW_BUILD);
  errorLog.clear();
  vi.restoreAllMocks();
});

describe('the page error boundary', () => {
  it('shows the 500 view instead of a page that throws, records the error, and renders the page again on retry', async () => {
    await setupI18n('zh_CN');
    await loadPacks(['layout']);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    broken = true;
    renderInBoundary(<FragilePage />);
    expect(await screen.findByRole('heading', { name: zh.layout.pageError.title })).toBeTruthy();
    expect(screen.getByText('500')).toBeTruthy();
    const [entry] = errorLog.list();
    expect(entry).toMatchObject({ type: 'vue', message: 'rows is undefined', name: 'Error' });
    expect(entry.detail).toContain('FragilePage');
    expect(entry.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    broken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: zh.sys.exception.retry }));
    expect(await screen.findByText('The page works')).toBeTruthy();
  });

  it('reloads once into the new build when the code of a page is gone, then offers a retry that loads it again', async () => {
    await setupI18n('zh_CN');
    await loadPacks(['layout']);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.sessionStorage.clear();
    // jsdom does not navigate: the reload is seen by the address the console keeps for it.
    window.history.replaceState(null, '', '/site?page=2');
    let attempts = 0;
    const gone = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/SitePage-x1.js');
    const load = async () => {
      attempts += 1;
      if (attempts <= 2) throw gone();
      return { default: () => <p>Loaded on the third try</p> };
    };

    // An old tab after an upgrade: the page's chunk is a 404. The console reloads, still loading.
    const first = renderInBoundary(createElement(lazyPage(load)));
    await waitFor(() => expect(window.sessionStorage.getItem(RELOADED_FOR_NEW_BUILD)).toBe('/site?page=2'));
    // Whatever React has left to do with the failed load, done: the page still loads, no error shows.
    await act(async () => {});
    expect(screen.getByText('loading')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: zh.layout.pageError.loadTitle })).toBeNull();
    first.unmount();

    // The reloaded page fails at the same address: no second reload, the error and a retry.
    renderInBoundary(createElement(lazyPage(load)));
    expect(await screen.findByRole('heading', { name: zh.layout.pageError.loadTitle })).toBeTruthy();
    expect(window.sessionStorage.getItem(RELOADED_FOR_NEW_BUILD)).toBe('/site?page=2');
    expect(errorLog.list()[0]).toMatchObject({ type: 'resource', file: 'http://localhost/assets/SitePage-x1.js' });

    await userEvent.setup().click(screen.getByRole('button', { name: zh.sys.exception.retry }));
    expect(await screen.findByText('Loaded on the third try')).toBeTruthy();
    expect(attempts).toBe(3);
  });

  it('does not reload for a page that fails for another reason', async () => {
    await setupI18n('zh_CN');
    await loadPacks(['layout']);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.sessionStorage.clear();
    const Page = lazyPage(async () => {
      throw new Error('rows is undefined');
    });
    renderInBoundary(<Page />);
    expect(await screen.findByRole('heading', { name: zh.layout.pageError.title })).toBeTruthy();
    expect(window.sessionStorage.getItem(RELOADED_FOR_NEW_BUILD)).toBeNull();
  });
});
