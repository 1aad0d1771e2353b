/** The address the console last reloaded for code that failed to load (this tab's session storage). */
export const RELOADED_FOR_NEW_BUILD = 'inkpress:reloadedForNewBuild';

/** What the reload needs of the browser. */
export interface ReloadingWindow {
  location: Pick<Location, 'pathname' | 'search' | 'reload'>;
  sessionStorage: Storage;
}

/**
 * A page whose code fails to load has usually met a new build on the server: an open console asks
 * for the chunks of the build it started with, and the server no longer has them (404). Reloading
 * the page loads the new build. Once per address in a tab: if the reloaded page fails at the same
 * address again, the build is broken or the server unreachable, and the page shows its error with a
 * retry rather than reloading in a loop. Returns whether the page is reloading.
 */
export function reloadOnceIntoNewBuild(browser: ReloadingWindow = window): boolean {
  const address = `${browser.location.pathname}${browser.location.search}`;
  try {
    if (browser.sessionStorage.getItem(RELOADED_FOR_NEW_BUILD) === address) return false;
    browser.sessionStorage.setItem(RELOADED_FOR_NEW_BUILD, address);
  } catch {
    // Without session storage nothing could stop a loop: no reload.
    return false;
  }
  browser.location.reload();
  return true;
}
