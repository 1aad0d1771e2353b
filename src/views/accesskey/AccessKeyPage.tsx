import { useState } from 'react';
import { Badge, Button, Stack, Tabs, Text, Wrap } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AccessKey, AccessKeyWithSecret } from '../../../contract/schemas/accessKey';
import { firstPageOf, useListActor } from '../../app/useListActor';
import { PageLoading } from '../../components/feedback/PageLoading';
import { toaster } from '../../components/feedback/toaster';
import { ConfirmDeleteDialog } from '../../components/table/ConfirmDeleteDialog';
import type { Column } from '../../components/table/DataTable';
import { RowButton } from '../../components/table/RowButton';
import { actionsColumn } from '../../components/table/actionsColumn';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { keyRows, useKeyDisabled } from './api';
import { CurlExamples } from './CurlExamples';
import { KeyFormDialog } from './KeyFormDialog';
import { KeyLogTab } from './KeyLogTab';
import { RotateDialog } from './RotateDialog';
import { SecretDialog } from './SecretDialog';

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = () => [firstPageOf(keyRows)];
const STATUS_COLOR = { active: 'green', disabled: 'gray', expired: 'orange' } as const;

/** The dialogs of the page, each by name with the key it is about. */
type KeyDialog = { name: 'create' } | { name: 'rotate'; row: AccessKey };

/** /accesskey (spec §2): the account's API keys, the create modal that shows a secret once, the key log, curl examples. */
export default function AccessKeyPage() {
  const { t, ready } = useTranslation('accessKey');
  const list = useListActor<AccessKey, KeyDialog>(keyRows);
  const context = useSelector(list, (state) => state.context);
  const [secret, setSecret] = useState<AccessKeyWithSecret | null>(null);
  const [tab, setTab] = useState('keys');
  const status = useKeyDisabled({
    onSucceeded: (key) => {
      toaster.success({ title: t(key.status === 'disabled' ? 'accessKey.disabledToast' : 'accessKey.enabledToast', { name: key.name }) });
      list.send({ type: 'LIST.RELOAD' });
    },
  });
  if (!ready) return <PageLoading />;
  const keys = context.rows;
  const dialog = context.dialog;
  const shown = (created: AccessKeyWithSecret) => {
    list.send({ type: 'DIALOG.SAVED', row: created.key });
    setSecret(created);
  };

  const columns: Column<AccessKey>[] = [
    {
      key: 'name',
      header: t('accessKey.fields.name'),
      render: (row) => (
        <Stack gap="0">
          <Text fontWeight="medium">{row.name}</Text>
          <Text textStyle="xs" fontFamily="mono" color="fg.muted">
            {row.prefix}…
          </Text>
        </Stack>
      ),
    },
    {
      key: 'scopes',
      header: t('accessKey.fields.scopes'),
      render: (row) => (
        <Wrap gap="1">
          {row.scopes.map((scope) => (
            <Badge key={scope} variant="outline">
              {t(`accessKey.scopes.${scope}`)}
            </Badge>
          ))}
        </Wrap>
      ),
    },
    { key: 'created', header: t('accessKey.fields.created'), render: (row) => <Text whiteSpace="nowrap">{row.created_at}</Text> },
    {
      key: 'used',
      header: t('accessKey.fields.lastUsed'),
      render: (row) =>
        row.last_used_at ? (
          <Stack gap="0">
            <Text whiteSpace="nowrap">{row.last_used_at}</Text>
            <Text textStyle="xs" fontFamily="mono" color="fg.muted">
              {row.last_used_ip}
            </Text>
          </Stack>
        ) : (
          <Text color="fg.muted">{t('accessKey.never')}</Text>
        ),
    },
    {
      key: 'expires',
      header: t('accessKey.fields.expires'),
      render: (row) => <Text whiteSpace="nowrap">{row.expires_at ?? t('accessKey.noExpiry')}</Text>,
    },
    {
      key: 'status',
      header: t('accessKey.fields.status'),
      render: (row) => (
        <Stack gap="1" align="flex-start">
          <Badge colorPalette={STATUS_COLOR[row.status]}>{t(`accessKey.status.${row.status}`)}</Badge>
          {row.old_secret_ends_at && (
            <Text textStyle="xs" color="fg.muted">
              {t('accessKey.oldSecretUntil', { at: row.old_secret_ends_at })}
            </Text>
          )}
        </Stack>
      ),
    },
    actionsColumn(t('common.table.actions'), (row) => (
      <>
        <RowButton color="brand" onClick={() => status.submit({ key: row, disabled: row.status !== 'disabled' })}>
          {t(row.status === 'disabled' ? 'accessKey.actions.enable' : 'accessKey.actions.disable')}
        </RowButton>
        <RowButton color="brand" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'rotate', row } })}>
          {t('accessKey.actions.rotate')}
        </RowButton>
        <RowButton color="red" onClick={() => list.send({ type: 'DELETE.REQUEST', row })}>
          {t('accessKey.actions.delete')}
        </RowButton>
      </>
    )),
  ];

  const prefix = keys.find((k) => k.status === 'active')?.prefix ?? null;
  return (
    <Stack gap="4">
      <PageHeader title={t('routes.accesskey.accesskey')} description={t('accessKey.description')}>
        <Button colorPalette="brand" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'create' } })}>
          <Plus /> {t('accessKey.add')}
        </Button>
      </PageHeader>
      <Tabs.Root
        value={tab}
        onValueChange={(details) => {
          setTab(details.value);
          // Back on the keys: fresh rows, so "last used" shows the calls made since they loaded.
          if (details.value === 'keys') list.send({ type: 'LIST.RELOAD' });
        }}
        lazyMount
        unmountOnExit
        variant="line"
        colorPalette="brand"
      >
        <Tabs.List>
          <Tabs.Trigger value="keys">{t('accessKey.tabs.keys')}</Tabs.Trigger>
          <Tabs.Trigger value="log">{t('accessKey.tabs.log')}</Tabs.Trigger>
          <Tabs.Trigger value="examples">{t('accessKey.tabs.examples')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="keys">
          <ListTable list={list} label={t('accessKey.tabs.keys')} columns={columns} rowKey={(row) => row.id} />
        </Tabs.Content>
        <Tabs.Content value="log">
          <KeyLogTab keys={keys} />
        </Tabs.Content>
        <Tabs.Content value="examples">
          <CurlExamples prefix={prefix} />
        </Tabs.Content>
      </Tabs.Root>
      <KeyFormDialog open={dialog?.name === 'create'} onClose={() => list.send({ type: 'DIALOG.CLOSE' })} onCreated={shown} />
      <RotateDialog
        row={dialog?.name === 'rotate' ? dialog.row : null}
        onClose={() => list.send({ type: 'DIALOG.CLOSE' })}
        onRotated={shown}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      <ConfirmDeleteDialog
        list={list}
        title={t('accessKey.delete.title')}
        describe={(row) => t('accessKey.delete.text', { name: row.name })}
      />
    </Stack>
  );
}
