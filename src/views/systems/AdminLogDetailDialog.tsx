import { Badge, Box, DataList, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DetailDialog, DetailField } from '../../components/feedback/DetailDialog';
import type { AdminLogEntry } from '../../../contract/schemas/system';
import { logSucceeded } from './api';
import { useLogWords } from './useLogWords';

function Json({ title, value }: { title: string; value: unknown }) {
  return (
    <Stack gap="1" minW="0">
      <Text textStyle="sm" fontWeight="medium">
        {title}
      </Text>
      <Box
        as="pre"
        data-testid={`admin-log-${title}`}
        fontSize="xs"
        bg="bg.muted"
        p="3"
        rounded="md"
        overflow="auto"
        maxH="72"
        whiteSpace="pre-wrap"
        wordBreak="break-all"
      >
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </Box>
    </Stack>
  );
}

/** One admin-log entry: who did what to which resource, the request, and the record before and after. */
export function AdminLogDetailDialog({ entry, onClose }: { entry: AdminLogEntry | null; onClose: () => void }) {
  const { t } = useTranslation('systems');
  const words = useLogWords();
  return (
    <DetailDialog open={entry !== null} title={t('systems.log.detail')} onClose={onClose} size="xl">
      {entry && (
        <Stack gap="4">
          <DataList.Root orientation="horizontal" size="sm">
            <DetailField label={t('systems.log.fields.time')}>{entry.created_at}</DetailField>
            <DetailField label={t('systems.log.fields.user')}>{entry.actor_name}</DetailField>
            <DetailField label={t('systems.log.fields.action')}>
              <Badge variant="outline">{words.action(entry.action)}</Badge>
            </DetailField>
            <DetailField label={t('systems.log.fields.resource')}>{words.resource(entry.resource, entry.resource_id)}</DetailField>
            <DetailField label={t('systems.log.fields.request')}>
              <Text fontFamily="mono" textStyle="xs">{`${entry.method} ${entry.route}`}</Text>
            </DetailField>
            <DetailField label={t('systems.log.fields.status')}>
              <Badge colorPalette={logSucceeded(entry) ? 'green' : 'red'}>
                {entry.code === null || entry.code === entry.status ? entry.status : `${entry.status} / ${entry.code}`}
              </Badge>
            </DetailField>
            <DetailField label={t('systems.log.fields.ip')}>{entry.ip ?? '—'}</DetailField>
            <DetailField label={t('systems.log.fields.userAgent')}>{entry.user_agent ?? '—'}</DetailField>
          </DataList.Root>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <Json title={t('systems.log.before')} value={entry.before} />
            <Json title={t('systems.log.after')} value={entry.after} />
          </SimpleGrid>
        </Stack>
      )}
    </DetailDialog>
  );
}
