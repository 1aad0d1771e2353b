import { useEffect } from 'react';
import { NoticeLiveProvider } from '../app/NoticeLive';
import { loadEveryLocale } from '../i18n';
import { prefetchPages } from './firstScreen';
import { PageTransition } from './layout/AnimatedPage';
import { BasicLayout } from './layout/BasicLayout';
import { AnalysisPage, LayoutPages } from './LayoutPages';
import { ShellPages } from './ShellPages';

/** The page signing in leads to unless a redirect says otherwise (PagePath.BASE_HOME), loaded ahead with the shell. */
export const HomePage = AnalysisPage;

/** What signing in draws first besides the shell: the home page and the transition around pages. */
export function preloadHome(): Promise<unknown> {
  return Promise.all([HomePage.preload(), PageTransition.preload()]);
}

/** Every page but login: the shell (menu, header, tabs) around the signed-in pages. */
export default function SignedInShell() {
  useEffect(() => {
    // A failed pack is asked for again by whichever view needs it.
    loadEveryLocale().catch(() => {});
    return prefetchPages();
  }, []);
  return (
    <NoticeLiveProvider>
      <BasicLayout>
        <ShellPages>
          <LayoutPages />
        </ShellPages>
      </BasicLayout>
    </NoticeLiveProvider>
  );
}
