import './support/realServer'; // first: the console's http client then calls the real server
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';

/** The PWA master mode against the real server, whose seeded app is named by APP_NAME. */

const APP_NAME = 'Acme Writer';
const server = consoleOnRealServer({ APP_NAME }, '10.9.46');

// A desktop window (jsdom's matches no media query, which the console takes for mobile: a drawer menu).
const jsdomMatchMedia = window.matchMedia;
beforeAll(() => {
  window.matchMedia = (query: string) => ({ ...jsdomMatchMedia(query), matches: query.includes('min-width'), media: query });
});
afterAll(() => {
  window.matchMedia = jsdomMatchMedia;
});

// The product's favicon, as index.html declares it.
let favicon: HTMLLinkElement;
beforeEach(() => {
  favicon = document.createElement('link');
  favicon.rel = 'icon';
  favicon.type = 'image/svg+xml';
  favicon.setAttribute('href', '/logo.svg');
  document.head.append(favicon);
});
afterEach(() => favicon.remove());

describe('the PWA master mode', () => {
  it('shows the launched app’s name and icon in place of the product’s: in the header, the title and the favicon', async () => {
    const { token } = await registerAccount(server.url);
    await server.open('/dashboard/analysis?pwa_master=1&app_id=inkpress', { token });
    await screen.findByTestId('points-balance');
    await waitFor(() => expect(document.title).toMatch(new RegExp(` - ${APP_NAME}$`)));
    expect(await screen.findByText(APP_NAME)).toBeTruthy();
    // The seeded app's icon, on the API host (the same origin here).
    expect(document.querySelector('img[src="/favicon.svg"]')).not.toBeNull();
    expect(favicon.getAttribute('href')).toBe('/favicon.svg');
  });

  it('keeps the product’s own brand without an app', async () => {
    const { token } = await registerAccount(server.url);
    await server.open('/dashboard/analysis', { token });
    await screen.findByTestId('points-balance');
    expect(document.title).not.toContain(APP_NAME);
    expect(screen.queryByText(APP_NAME)).toBeNull();
    expect(favicon.getAttribute('href')).toBe('/logo.svg');
  });
});
