import { useEffect } from 'react';
import { NoticeLiveProvider } from '../app/NoticeLive';
import { loadEveryLocale } from '../i18n';
import { prefetchPages } from './firstScreen';
import { BasicLayout } from './layout/BasicLayout';
import { LayoutPages } from './LayoutPages';
import { ShellPages } from './ShellPages';

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
