import { Badge, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useAccountDomains } from './api';

/** The account's domains with their connection state and articles, loaded when the tab is first opened. */
export function DomainsTab() {
  const { t } = useTranslation('account');
  const domains = useAccountDomains();
  type DomainRow = NonNullable<typeof domains.result>['list'][number];
  const columns: Column<DomainRow>[] = [
    {
      key: 'host',
      header: t('account.domains.host'),
      render: (d) => (
        <Stack gap="0">
          <Text fontWeight="medium">{d.host}</Text>
          <Text textStyle="xs" color="fg.muted">
            {d.name}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'state',
      header: t('account.domains.state'),
      render: (d) => (
        <Badge colorPalette={d.connected === null ? 'gray' : d.connected ? 'green' : 'red'} variant="subtle">
          {t(d.connected === null ? 'account.domains.untested' : d.connected ? 'account.domains.connected' : 'account.domains.failing')}
        </Badge>
      ),
    },
    { key: 'articles', header: t('account.domains.articles'), align: 'end', render: (d) => `${d.published} / ${d.articles}` },
    { key: 'last', header: t('account.domains.lastPublish'), render: (d) => d.last_publish ?? '—' },
  ];
  return (
    <DataTable
      label={t('account.domains.title')}
      columns={columns}
      rows={domains.result?.list ?? []}
      rowKey={(d) => d.id}
      loading={domains.state === 'submitting'}
      error={domains.error}
      emptyText={t('account.domains.empty')}
    />
  );
}
