import { useEffect } from 'react';
import { NoticeLiveProvider } from '../app/NoticeLive';
import { loadAfterSignIn } from './idleLoads';
import { BasicLayout } from './layout/BasicLayout';
import { LayoutPages } from './LayoutPages';
import { ShellPages } from './ShellPages';

/** Every page but login: the shell (menu, header, tabs) around the signed-in pages. */
export default function SignedInShell() {
  // A failed pack is asked for again by whichever view needs it.
  useEffect(loadAfterSignIn, []);
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
