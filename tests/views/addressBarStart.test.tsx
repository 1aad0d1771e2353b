import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../e2e/servers';
import { rawKeysIn, readableTexts } from '../e2e/texts';
import { startRealServer, useClientAddress } from './support/realServer';
import { registerAccount } from './support/accounts';
import { zh } from './support/texts';
import { prepareConsole } from '../../src/prepareConsole';
import { StorageKey, webCache } from '../../src/services/webCache';

/**
 * The dashboard opened from the address bar (a reload, a bookmark) with a session stored: the start
 * draws it before the menus are known, and its words must be there for that first render. Its keys
 * (`dashboard.analysis.points` …) stood in their place, in both languages, and stayed. (This file
 * runs isolated, as a page load does: i18next starts here.)
 */
let server: StartedServer | undefined;
beforeAll(async () => {
  server = await startRealServer();
});
afterAll(() => server?.stop());

describe('a start with a stored session at the dashboard', () => {
  it('draws the dashboard in words, without a raw translation key', async () => {
    useClientAddress('10.9.41.1');
    const { token } = await registerAccount(server!.url);
    webCache.setLocal(StorageKey.TOKEN, token);
    window.history.replaceState(null, '', '/dashboard/analysis');
    const { element } = await prepareConsole(true);
    render(element);
    // Drawn: the points card shows its label, in words or as its key.
    const label = [zh.dashboard.analysis.points, 'dashboard.analysis.points'];
    await screen.findByText((text) => label.includes(text));
    expect(rawKeysIn(readableTexts())).toEqual([]);
  });
});
