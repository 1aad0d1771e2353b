import { Badge, Box, DataList } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DetailDialog, DetailField } from '../../components/feedback/DetailDialog';
import type { ErrorLogRow } from './errorLogRows';
import { localTime } from './localTime';

const TEXT_FIELDS = ['message', 'url', 'name', 'file', 'detail'] as const;

/** Every field of one error-log entry (spec §3), its stack last; the account when the page lists everyone's. */
export function ErrorLogDetailDialog({
  row,
  showAccount,
  onClose,
}: {
  row: ErrorLogRow | null;
  showAccount: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('errorLog');
  return (
    <DetailDialog open={row !== null} title={t('errorLog.detail')} onClose={onClose} size="lg">
      {row && (
        <DataList.Root orientation="horizontal" size="sm">
          <DetailField label={t('errorLog.fields.type')}>
            <Badge colorPalette="red">{t(`errorLog.type.${row.type}`)}</Badge>
          </DetailField>
          {showAccount && <DetailField label={t('errorLog.fields.account')}>{row.username}</DetailField>}
          {TEXT_FIELDS.map((field) => (
            <DetailField key={field} label={t(`errorLog.fields.${field}`)}>
              {row[field] || '—'}
            </DetailField>
          ))}
          <DetailField label={t('errorLog.fields.time')}>{localTime(row.time)}</DetailField>
          <DetailField label={t('errorLog.fields.received')}>
            {row.receivedAt ?? (
              <Badge colorPalette="orange" variant="subtle">
                {t('errorLog.notSent')}
              </Badge>
            )}
          </DetailField>
          <DetailField label={t('errorLog.fields.stack')}>
            <Box
              as="pre"
              fontSize="xs"
              bg="bg.muted"
              p="3"
              rounded="md"
              overflowX="auto"
              w="full"
              whiteSpace="pre-wrap"
              wordBreak="break-all"
            >
              {row.stack || '—'}
            </Box>
          </DetailField>
        </DataList.Root>
      )}
    </DetailDialog>
  );
}
