import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../src/components/theme/system';
import { lazyPage } from '../../src/components/feedback/lazyPage';
import { setupI18n } from '../../src/i18n';
import { errorLog } from '../../src/services/errorLog/errorLog';
import { PageErrorBoundary } from '../../src/views/layout/PageErrorBoundary';
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

afterEach(() => {
  errorLog.clear();
  vi.restoreAllMocks();
});

describe('the page error boundary', () => {
  it('shows the 500 view instead of a page that throws, records the error, and renders the page again on retry', async () => {
    await setupI18n('zh_CN');
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

  it('offers a retry when a lazy page fails to load, and loads it again when asked', async () => {
    await setupI18n('zh_CN');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/SitePage-x1.js');
      return { default: () => <p>Loaded on the second try</p> };
    });
    renderInBoundary(<Page />);
    expect(await screen.findByRole('heading', { name: zh.layout.pageError.loadTitle })).toBeTruthy();
    expect(errorLog.list()[0]).toMatchObject({ type: 'resource', file: 'http://localhost/assets/SitePage-x1.js' });

    await userEvent.setup().click(screen.getByRole('button', { name: zh.sys.exception.retry }));
    expect(await screen.findByText('Loaded on the second try')).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
