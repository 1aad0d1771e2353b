import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { UserSession } from '../../../contract/schemas/system';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useSignedInSessions } from './api';
import { EllipsisText } from '../../components/EllipsisText';

/**
 * The signed-in user's latest sessions: when and from where each began, whether it is
 * still open, this one, and the ones the operator started by signing in as the user.
 */
export function SessionsTab() {
  const { t } = useTranslation('account');
  const sessions = useSignedInSessions();
  const columns: Column<UserSession>[] = [
    {
      key: 'started',
      header: t('account.sessions.started'),
      render: (row) => (
        <Stack gap="1">
          <Text whiteSpace="nowrap">{row.created_at}</Text>
          {row.started_by_operator !== null && (
            <Badge colorPalette="orange" variant="subtle" width="fit-content">
              {t('account.sessions.byOperator', { name: row.started_by_operator })}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'lastUsed',
      header: t('account.sessions.lastUsed'),
      render: (row) => <Text whiteSpace="nowrap">{row.ended_at ?? row.last_used_at}</Text>,
    },
    { key: 'ip', header: t('account.sessions.ip'), render: (row) => <Text>{row.ip ?? '—'}</Text> },
    {
      key: 'device',
      header: t('account.sessions.device'),
      render: (row) =>
        row.user_agent ? (
          <EllipsisText textStyle="xs" color="fg.muted" lines={2} widthPx={448}>
            {row.user_agent}
          </EllipsisText>
        ) : (
          '—'
        ),
    },
    {
      key: 'state',
      header: t('account.sessions.state'),
      render: (row) => (
        <HStack gap="1.5">
          <Badge colorPalette={row.open ? 'green' : 'gray'}>{t(row.open ? 'account.sessions.open' : 'account.sessions.ended')}</Badge>
          {row.current && <Badge colorPalette="brand">{t('account.sessions.current')}</Badge>}
        </HStack>
      ),
    },
  ];
  return (
    <Stack gap="3">
      <Text textStyle="sm" color="fg.muted">
        {t('account.sessions.hint')}
      </Text>
      <DataTable
        label={t('account.sessions.title')}
        columns={columns}
        rows={sessions.result?.list ?? []}
        rowKey={(row) => row.id}
        loading={sessions.state === 'submitting'}
        error={sessions.error}
        emptyText={t('account.sessions.empty')}
      />
    </Stack>
  );
}
