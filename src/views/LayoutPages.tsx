import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ConsolePath } from '../../contract/paths';
import { PageLoading } from '../components/feedback/PageLoading';
import { AnimatedPage } from './layout/AnimatedPage';

// Each page is its own chunk (spec §2: pages load lazily).
const AnalysisPage = lazy(() => import('./dashboard/analysis/AnalysisPage'));
const ExceptionPage = lazy(() => import('./exception/ExceptionPage'));
const RedirectPage = lazy(() => import('./redirect/RedirectPage'));
const NotFoundPage = lazy(() => import('./exception/NotFoundPage'));
const QrApprovePage = lazy(() => import('./qr/QrApprovePage'));

/** The pages of the signed-in shell, each animated in as it is reached. */
export function LayoutPages() {
  const [location] = useLocation();
  const pathname = location.split('?')[0];
  return (
    <Suspense fallback={<PageLoading />}>
      <AnimatedPage key={pathname}>
        <Switch>
          <Route path="/dashboard/analysis" component={AnalysisPage} />
          <Route path="/exception/:status?">
            <ExceptionPage />
          </Route>
          <Route path="/redirect/*" component={RedirectPage} />
          <Route path={ConsolePath.qrApprove} component={QrApprovePage} />
          <Route component={NotFoundPage} />
        </Switch>
      </AnimatedPage>
    </Suspense>
  );
}
