import { Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoading } from '../components/feedback/PageLoading';
import { AnimatedPage } from './layout/AnimatedPage';
import { pagesReached } from './pageRegistry';

// The shell's own pages (the error log, the development docs, the iframe page and the settings page).
const SHELL_PAGES = pagesReached('shell');

/** The shell's own pages, each animated in as it is reached; every other path goes to `children`. */
export function ShellPages({ children }: { children: ReactNode }) {
  return (
    <Switch>
      {SHELL_PAGES.map(({ page, View }) => (
        <Route key={page.path} path={page.path}>
          <Suspense fallback={<PageLoading />}>
            <AnimatedPage key={page.path}>
              <View />
            </AnimatedPage>
          </Suspense>
        </Route>
      ))}
      <Route>{children}</Route>
    </Switch>
  );
}
