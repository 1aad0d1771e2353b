import { Suspense, useMemo, type ComponentType } from 'react';
import { useSelector } from '@xstate/react';
import { Route, Switch, useLocation } from 'wouter';
import { ConsolePath } from '../../contract/consolePaths';
import { useBootstrapActor } from '../app/AppActorProvider';
import { flattenMenus, isIgnoredAt } from '../machines/menus';
import { likelyPageAt, pageOf, pagesReached, viewAt } from './pageRegistry';
import { lazyPage } from '../components/feedback/lazyPage';
import { PageLoading } from '../components/feedback/PageLoading';
import { AnimatedPage } from './layout/AnimatedPage';
import { pathnameOf } from '../shared/location';

// Each page is its own chunk (spec §2: pages load lazily).
const NotFoundPage = lazyPage(() => import('./exception/NotFoundPage'));
/** The error page, also drawn for a page of the console that the user's menus leave out. */
const ExceptionPage = viewAt(ConsolePath.exception) as ComponentType<{ status?: 403 }>;
/** The pages every signed-in user reaches that no menu names (the error page, the redirect helper, the QR approval). */
const OWN_PAGES = pagesReached('everyone').filter(({ page }) => !page.component);
/** The pages every signed-in user reaches that a menu may also name: a menu of theirs at that path wins. */
const MENU_NAMED_PAGES = pagesReached('everyone').filter(({ page }) => page.component);

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
          {OWN_PAGES.map(({ page, View }) => (
            <Route key={page.path} path={page.match ?? page.path} component={View} />
          ))}
          {menuPages.map(({ path, Page }) => (
            <Route key={path} path={path} component={Page} />
          ))}
          {MENU_NAMED_PAGES.map(({ page, View }) => (
            <Route key={page.path} path={page.path} component={View} />
          ))}
          {/* A page of the console that the user's menus leave out is there, but not theirs: 403; unless the operator ignored it for everyone. */}
          <Route>{likelyPageAt(pathname) && !isIgnoredAt(ignoredUrls, pathname) ? <ExceptionPage status={403} /> : <NotFoundPage />}</Route>
        </Switch>
      </AnimatedPage>
    </Suspense>
  );
}
