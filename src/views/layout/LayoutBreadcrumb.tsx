import { Breadcrumb } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useNavigationActor } from '../../app/AppActorProvider';
import { pathnameOf } from '../../shared/location';
import { menuTrail, type MenuEntry } from '../../shared/menuTree';

/**
 * Where the current page sits in the menu; the current route's title when the page is not in it.
 * It follows the location itself, so that the header around it is not drawn again at each page.
 */
export function LayoutBreadcrumb({ menus }: { menus: MenuEntry[] }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const pathname = pathnameOf(location);
  const routeTitle = useSelector(useNavigationActor(), (state) => state.context.title);
  const trail = menuTrail(menus, pathname).map((entry) => entry.title);
  const titles = trail.length > 0 ? trail : routeTitle ? [routeTitle] : [];
  if (titles.length === 0) return null;
  return (
    <Breadcrumb.Root size="sm" display={{ base: 'none', md: 'block' }} aria-label={t('layout.header.breadcrumb')}>
      <Breadcrumb.List>
        {titles.map((title, index) => {
          const last = index === titles.length - 1;
          return [
            <Breadcrumb.Item key={title}>
              {last ? (
                <Breadcrumb.CurrentLink>{t(title)}</Breadcrumb.CurrentLink>
              ) : (
                <Breadcrumb.Link as="span" color="fg.muted">
                  {t(title)}
                </Breadcrumb.Link>
              )}
            </Breadcrumb.Item>,
            last ? null : <Breadcrumb.Separator key={`${title}-separator`} />,
          ];
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
