import { useEffect } from 'react';
import { NoticeLiveProvider } from '../app/NoticeLive';
import { loadAfterSignIn } from './idleLoads';
import { useLoadsAhead } from './useLoadsAhead';
import { BasicLayout } from './layout/BasicLayout';
import { LayoutPages } from './LayoutPages';
import { ShellPages } from './ShellPages';

/**
 * A page's GETs sent as the navigation to it starts (./useLoadsAhead), from the moment the shell's
 * actors run: mounted by the top-level routes beside the login page while a sign-in finishes, its
 * code (the pages' loads ahead, the permission check) comes with the shell's, not with the login page.
 */
export function LoadsAhead() {
  useLoadsAhead();
  return null;
}

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
