import { Breadcrumb } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { menuTrail, type MenuEntry } from '../../shared/menuTree';

interface LayoutBreadcrumbProps {
  menus: MenuEntry[];
  pathname: string;
  /** The current route's title key, used when the page is not in the menu. */
  routeTitle?: string;
}

/** Where the current page sits in the menu. */
export function LayoutBreadcrumb({ menus, pathname, routeTitle }: LayoutBreadcrumbProps) {
  const { t } = useTranslation();
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
