import type { ReactNode } from 'react';
import { Badge, Box, Button, CloseButton, DataList, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ErrorLogRow } from './errorLogRows';
import { localTime } from './localTime';

const TEXT_FIELDS = ['message', 'url', 'name', 'file', 'detail'] as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item alignItems="flex-start">
      <DataList.ItemLabel minW="24">{label}</DataList.ItemLabel>
      <DataList.ItemValue minW="0" wordBreak="break-all" whiteSpace="pre-wrap">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** Every field of one error-log entry (spec §3), its stack last; the account when the page lists everyone's. */
export function ErrorLogDetailDialog({ row, showAccount, onClose }: { row: ErrorLogRow | null; showAccount: boolean; onClose: () => void }) {
  const { t } = useTranslation('errorLog');
  return (
    <Dialog.Root open={row !== null} onOpenChange={(details) => !details.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('errorLog.detail')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {row && (
                <DataList.Root orientation="horizontal" size="sm">
                  <Field label={t('errorLog.fields.type')}>
                    <Badge colorPalette="red">{t(`errorLog.type.${row.type}`)}</Badge>
                  </Field>
                  {showAccount && <Field label={t('errorLog.fields.account')}>{row.username}</Field>}
                  {TEXT_FIELDS.map((field) => (
                    <Field key={field} label={t(`errorLog.fields.${field}`)}>
                      {row[field] || '—'}
                    </Field>
                  ))}
                  <Field label={t('errorLog.fields.time')}>{localTime(row.time)}</Field>
                  <Field label={t('errorLog.fields.received')}>
                    {row.receivedAt ?? (
                      <Badge colorPalette="orange" variant="subtle">
                        {t('errorLog.notSent')}
                      </Badge>
                    )}
                  </Field>
                  <Field label={t('errorLog.fields.stack')}>
                    <Box as="pre" fontSize="xs" bg="bg.muted" p="3" rounded="md" overflowX="auto" w="full" whiteSpace="pre-wrap" wordBreak="break-all">
                      {row.stack || '—'}
                    </Box>
                  </Field>
                </DataList.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('errorLog.close')}
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
