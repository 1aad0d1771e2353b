import { Suspense, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { Route, Switch, useLocation } from 'wouter';
import { ConsolePath } from '../../contract/paths';
import { useBootstrapActor } from '../app/AppActorProvider';
import { flattenMenus, isIgnoredAt } from '../machines/menus';
import { STATIC_PAGES, likelyPageAt, pageOf } from './pageRegistry';
import { lazyPage } from '../components/feedback/lazyPage';
import { PageLoading } from '../components/feedback/PageLoading';
import { AnimatedPage } from './layout/AnimatedPage';
import { pathnameOf } from '../shared/location';

// Each page is its own chunk (spec §2: pages load lazily).
const ExceptionPage = lazyPage(() => import('./exception/ExceptionPage'));
const RedirectPage = lazyPage(() => import('./redirect/RedirectPage'));
const NotFoundPage = lazyPage(() => import('./exception/NotFoundPage'));
const QrApprovePage = lazyPage(() => import('./qr/QrApprovePage'));

/** The pages of the signed-in shell, each animated in as it is reached. */
export function LayoutPages() {
  const [location] = useLocation();
  const pathname = pathnameOf(location);
  const bootstrap = useBootstrapActor();
  const menus = useSelector(bootstrap, (state) => state.context.menus);
  const ignoredUrls = useSelector(bootstrap, (state) => state.context.ignoredUrls);
  // The user's menu routes whose component the console knows (a menu naming an unknown one is not found).
  const menuPages = useMemo(
    () =>
      flattenMenus(menus).flatMap((menu) => {
        const Page = pageOf(menu.component);
        return Page ? [{ path: menu.pattern ?? menu.path, Page }] : [];
      }),
    [menus],
  );
  return (
    <Suspense fallback={<PageLoading />}>
      <AnimatedPage key={pathname}>
        <Switch>
          <Route path="/exception/:status?">
            <ExceptionPage />
          </Route>
          <Route path="/redirect/*" component={RedirectPage} />
          <Route path={ConsolePath.qrApprove} component={QrApprovePage} />
          {menuPages.map(({ path, Page }) => (
            <Route key={path} path={path} component={Page} />
          ))}
          {STATIC_PAGES.map(([path, name]) => {
            const Page = pageOf(name);
            return Page ? <Route key={path} path={path} component={Page} /> : null;
          })}
          {/* A page of the console that the user's menus leave out is there, but not theirs: 403; unless the operator ignored it for everyone. */}
          <Route>{likelyPageAt(pathname) && !isIgnoredAt(ignoredUrls, pathname) ? <ExceptionPage status={403} /> : <NotFoundPage />}</Route>
        </Switch>
      </AnimatedPage>
    </Suspense>
  );
}
