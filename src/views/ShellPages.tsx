import { Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoading } from '../components/feedback/PageLoading';
import { lazyPage } from '../components/feedback/lazyPage';
import { PagePath } from '../config/routes';
import { AnimatedPage } from './layout/AnimatedPage';

// The shell's own pages, each its own chunk, loadable again after a failed load.
const ErrorLogPage = lazyPage(() => import('./error_log/ErrorLogPage'));
const ApiDocPage = lazyPage(() => import('./iframe/ApiDocPage'));
const ExternalFramePage = lazyPage(() => import('./iframe/ExternalFramePage'));
const SettingPage = lazyPage(() => import('./layout/settings/SettingPage'));

function ShellPage({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <AnimatedPage key={path}>{children}</AnimatedPage>
    </Suspense>
  );
}

/** The error log, the development docs, the iframe page and the settings page; every other path goes to `children`. */
export function ShellPages({ children }: { children: ReactNode }) {
  return (
    <Switch>
      <Route path={PagePath.ERROR_LOG}>
        <ShellPage path={PagePath.ERROR_LOG}>
          <ErrorLogPage />
        </ShellPage>
      </Route>
      <Route path={PagePath.API_DOC}>
        <ShellPage path={PagePath.API_DOC}>
          <ApiDocPage />
        </ShellPage>
      </Route>
      <Route path={PagePath.FRAME}>
        <ShellPage path={PagePath.FRAME}>
          <ExternalFramePage />
        </ShellPage>
      </Route>
      <Route path={PagePath.SETTING}>
        <ShellPage path={PagePath.SETTING}>
          <SettingPage />
        </ShellPage>
      </Route>
      <Route>{children}</Route>
    </Switch>
  );
}
