import { Badge, Box, Button, CloseButton, DataList, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ErrorLogEntry } from '../../services/errorLog/errorLog';

const FIELDS = ['type', 'message', 'url', 'name', 'file', 'time', 'detail'] as const;

/** Every field of one error log entry (spec §3), its stack last. */
export function ErrorLogDetailDialog({ entry, onClose }: { entry: ErrorLogEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={entry !== null} onOpenChange={(details) => !details.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('layout.errorLog.detail')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {entry && (
                <DataList.Root orientation="horizontal" size="sm">
                  {FIELDS.map((field) => (
                    <DataList.Item key={field} alignItems="flex-start">
                      <DataList.ItemLabel minW="20">{t(`layout.errorLog.field.${field}`)}</DataList.ItemLabel>
                      <DataList.ItemValue wordBreak="break-all" whiteSpace="pre-wrap">
                        {field === 'type' ? <Badge colorPalette="red">{t(`layout.errorLog.type.${entry.type}`)}</Badge> : entry[field] || '—'}
                      </DataList.ItemValue>
                    </DataList.Item>
                  ))}
                  <DataList.Item alignItems="flex-start">
                    <DataList.ItemLabel minW="20">{t('layout.errorLog.field.stack')}</DataList.ItemLabel>
                    <DataList.ItemValue minW="0">
                      <Box as="pre" fontSize="xs" bg="bg.muted" p="3" rounded="md" overflowX="auto" w="full" whiteSpace="pre-wrap" wordBreak="break-all">
                        {entry.stack || '—'}
                      </Box>
                    </DataList.ItemValue>
                  </DataList.Item>
                </DataList.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('layout.errorLog.close')}
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
