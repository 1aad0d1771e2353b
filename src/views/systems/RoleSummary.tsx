import { Box, List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../contract/schemas/menu';
import { roleSummary, type Checked, type EntriesByMenu } from './roleTree';
import { permissionName } from '../../shared/permissionName';

/** What the role will hold as checked now, in one place: each page with its actions, before saving. */
export function RoleSummary({ menus, entries, checked }: { menus: readonly MenuItem[]; entries: EntriesByMenu; checked: Checked }) {
  const { t } = useTranslation('systems');
  const summary = roleSummary(menus, entries, checked);
  return (
    <Box as="section" aria-label={t('systems.role.summary.label')} borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
      <Text fontWeight="medium">
        {t('systems.role.summary.title')}
        <Text as="span" ms="2" textStyle="sm" color="fg.muted" fontWeight="normal">
          {t('systems.role.summary.counts', { menus: summary.menus, codes: summary.codes })}
        </Text>
      </Text>
      {summary.lines.length === 0 ? (
        <Text textStyle="sm" color="fg.muted" mt="1">
          {t('systems.role.summary.nothing')}
        </Text>
      ) : (
        <List.Root as="ul" gap="0.5" mt="2" ps="4" textStyle="sm" maxH="40" overflowY="auto">
          {summary.lines.map(({ trail, access }) => (
            <List.Item key={trail[trail.length - 1]!.id}>
              {t('systems.role.summary.line', {
                page: trail.map((menu) => t(menu.title)).join(' / '),
                actions: access.length
                  ? access.map((entry) => permissionName(entry, t)).join(t('systems.role.summary.separator'))
                  : t('systems.role.summary.viewOnly'),
              })}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  );
}
