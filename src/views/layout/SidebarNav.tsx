import { Box, type BoxProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The sidebar's menu: a landmark screen readers name, filling the column and scrolling on its own. */
export function SidebarNav(props: BoxProps) {
  const { t } = useTranslation();
  return <Box as="nav" aria-label={t('layout.menu.label')} flex="1" overflowY="auto" overflowX="hidden" {...props} />;
}
