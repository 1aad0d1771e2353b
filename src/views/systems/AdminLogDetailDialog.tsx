import type { ReactNode } from 'react';
import { Badge, Box, Button, CloseButton, DataList, Dialog, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AdminLogEntry } from '../../../contract/schemas/system';
import { logSucceeded } from '../../services/api/system';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item alignItems="flex-start">
      <DataList.ItemLabel minW="24">{label}</DataList.ItemLabel>
      <DataList.ItemValue minW="0" wordBreak="break-all">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

function Json({ title, value }: { title: string; value: unknown }) {
  return (
    <Stack gap="1" minW="0">
      <Text textStyle="sm" fontWeight="medium">
        {title}
      </Text>
      <Box as="pre" data-testid={`admin-log-${title}`} fontSize="xs" bg="bg.muted" p="3" rounded="md" overflow="auto" maxH="72" whiteSpace="pre-wrap" wordBreak="break-all">
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </Box>
    </Stack>
  );
}

/** One admin-log entry: who did what to which resource, the request, and the record before and after. */
export function AdminLogDetailDialog({ entry, onClose }: { entry: AdminLogEntry | null; onClose: () => void }) {
  const { t } = useTranslation('systems');
  return (
    <Dialog.Root open={entry !== null} onOpenChange={(details) => !details.open && onClose()} size="xl" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('systems.log.detail')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {entry && (
                <Stack gap="4">
                  <DataList.Root orientation="horizontal" size="sm">
                    <Field label={t('systems.log.fields.time')}>{entry.created_at}</Field>
                    <Field label={t('systems.log.fields.user')}>{entry.actor_name}</Field>
                    <Field label={t('systems.log.fields.action')}>
                      <Badge variant="outline">{entry.action}</Badge>
                    </Field>
                    <Field label={t('systems.log.fields.resource')}>{entry.resource_id ? `${entry.resource} #${entry.resource_id}` : entry.resource}</Field>
                    <Field label={t('systems.log.fields.request')}>
                      <Text fontFamily="mono" textStyle="xs">{`${entry.method} ${entry.route}`}</Text>
                    </Field>
                    <Field label={t('systems.log.fields.status')}>
                      <Badge colorPalette={logSucceeded(entry) ? 'green' : 'red'}>{entry.code === null || entry.code === entry.status ? entry.status : `${entry.status} / ${entry.code}`}</Badge>
                    </Field>
                    <Field label={t('systems.log.fields.ip')}>{entry.ip ?? '—'}</Field>
                    <Field label={t('systems.log.fields.userAgent')}>{entry.user_agent ?? '—'}</Field>
                  </DataList.Root>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                    <Json title={t('systems.log.before')} value={entry.before} />
                    <Json title={t('systems.log.after')} value={entry.after} />
                  </SimpleGrid>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.closeText')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
