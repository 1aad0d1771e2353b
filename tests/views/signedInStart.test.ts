import { describe, expect, it } from 'vitest';
import type { LazyPage } from '../../src/components/feedback/lazyPage';
import { prepareConsole } from '../../src/prepareConsole';
import { PageTransition } from '../../src/views/layout/AnimatedPage';
import { LoginPage, SignedInShell } from '../../src/views/firstScreen';
import { likelyPageAt, pageOf } from '../../src/views/pageRegistry';

const isLoaded = (page: unknown) => (page as LazyPage<never>).isLoaded();

/**
 * A start with a stored session renders the shell and the page at its address without
 * suspending on either (a suspended page shows some 300 ms after its fallback), so they are loaded
 * before the first render, with the page transition around the page. (This file runs isolated: no
 * other test has loaded a page.)
 */
describe('a signed-in start', () => {
  it('knows the likely page at an address before the menus: a static page or a built-in menu’s', () => {
    expect(likelyPageAt('/dashboard/analysis')).toBe(pageOf('dashboard/analysis'));
    expect(likelyPageAt('/account')).toBe(pageOf('account/index'));
    expect(likelyPageAt('/site')).toBe(pageOf('site/index'));
    expect(likelyPageAt('/systems/sub/accounts/auth')).toBe(pageOf('systems/menu'));
    expect(likelyPageAt('/nowhere')).toBeNull();
  });

  it('loads the shell, the page transition and the page at the address before the first render', async () => {
    window.history.replaceState(null, '', '/site?page=2');
    expect([SignedInShell, PageTransition, pageOf('site/index')].map(isLoaded)).toEqual([false, false, false]);
    await prepareConsole(true);
    expect([SignedInShell, PageTransition, pageOf('site/index')].map(isLoaded)).toEqual([true, true, true]);
    expect(isLoaded(LoginPage)).toBe(false);
    expect(isLoaded(pageOf('article/index'))).toBe(false);
  });
});
