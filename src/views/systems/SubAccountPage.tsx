import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Download, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { OWNER_ONLY_ROLES } from '../../../contract/builtInMenus';
import { ADMIN_ROLE } from '../../../contract/roles';
import type { SubAccount } from '../../../contract/schemas/system';
import { useCan } from '../../app/useCan';
import { firstPageOf, useListActor } from '../../app/useListActor';
import { FormDialog } from '../../components/feedback/FormDialog';
import { PageLoading } from '../../components/feedback/PageLoading';
import { OptionSelect } from '../../components/form/OptionSelect';
import { toaster } from '../../components/feedback/toaster';
import { ConfirmDeleteDialog } from '../../components/table/ConfirmDeleteDialog';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { RowMenu } from '../../components/table/RowMenu';
import { SearchInput } from '../../components/table/SearchInput';
import { rolesAhead, subAccountRows, useRoles, useSubAccountsDownload, useSubAccountStatus, type SubAccountFilters } from './api';
import { GrantPointsForm, SignInAsForm } from './OperatorForms';
import { SubAccountForm, type SubAccountFormMode } from './SubAccountForm';
import { roleName } from '../../../contract/roleName';
import { actionsColumn } from '../../components/table/actionsColumn';

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = () => [firstPageOf(subAccountRows), rolesAhead()];
const DIALOG_TITLES: Record<SubAccountFormMode, string> = {
  create: 'systems.sub.addTitle',
  edit: 'systems.sub.editTitle',
  reset: 'systems.sub.resetTitle',
};

/** The dialogs of the page, each by name with the account it is about. */
type SubAccountDialog = { name: 'create' } | { name: 'edit' | 'reset' | 'signInAs' | 'grant'; row: SubAccount };

/** /systems/admin/subaccount: the owner's team (the operator: every account), their roles, status and passwords. */
export default function SubAccountPage() {
  const { t, ready } = useTranslation(['systems', 'accounts']);
  const can = useCan();
  const operator = can('admin');
  const list = useListActor<SubAccount, SubAccountDialog>(subAccountRows);
  const context = useSelector(list, (state) => state.context);
  const roles = useRoles();
  const download = useSubAccountsDownload();
  // A refusal is shown by the request layer; the row stays as it was.
  const status = useSubAccountStatus({
    onSucceeded: ({ account, status: now }) => {
      toaster.success({
        title: t(now === 'enabled' ? 'systems.sub.enabledToast' : 'systems.sub.disabledToast', { name: account.username }),
      });
      list.send({ type: 'LIST.RELOAD' });
    },
  });
  if (!ready) return <PageLoading />;

  const filters = context.filters as SubAccountFilters;
  const filter = (patch: Partial<SubAccountFilters>) => list.send({ type: 'LIST.FILTER', filters: { ...filters, ...patch } });
  const dialog = context.dialog;
  const mode = (['create', 'edit', 'reset'] as const).find((name) => name === dialog?.name) ?? null;
  const account = dialog && dialog.name !== 'create' ? dialog.row : null;
  // The operator's own actions on an account: sign in as it, grant or deduct points.
  const operatorDialog = (['signInAs', 'grant'] as const).find((name) => name === dialog?.name) ?? null;
  const operatorRow = operatorDialog ? account : null;
  const close = () => list.send({ type: 'DIALOG.CLOSE' });
  const saved = () => list.send({ type: 'DIALOG.SAVED' });
  const allRoles = roles.result?.list ?? [];
  const nameOf = (code: string) => {
    const role = allRoles.find((candidate) => candidate.code === code);
    return role ? roleName(role, t) : code;
  };
  // A sub-account holds a team role; an owner's role (the operator edits it) may be any role.
  const roleOptions = allRoles
    .filter((role) => (account && account.owner_id === null) || !OWNER_ONLY_ROLES.includes(role.code))
    .map((role) => ({ value: role.code, label: roleName(role, t) }));

  const columns: Column<SubAccount>[] = [
    {
      key: 'username',
      header: t('systems.fields.username'),
      render: (row) => (
        <Stack gap="0">
          <Text fontWeight="medium">{row.username}</Text>
          {row.real_name && (
            <Text textStyle="xs" color="fg.muted">
              {row.real_name}
            </Text>
          )}
        </Stack>
      ),
    },
    ...(operator
      ? [
          {
            key: 'owner',
            header: t('systems.fields.owner'),
            render: (row: SubAccount) =>
              row.owner_name ? <Text>{row.owner_name}</Text> : <Badge colorPalette="purple">{t('systems.sub.owner')}</Badge>,
          },
        ]
      : []),
    {
      key: 'roles',
      header: t('systems.fields.role'),
      render: (row) => (
        <HStack gap="1" wrap="wrap">
          {row.roles.map((code) => (
            <Badge key={code} variant="outline">
              {nameOf(code)}
            </Badge>
          ))}
        </HStack>
      ),
    },
    { key: 'points', header: t('systems.fields.points'), align: 'end', render: (row) => <Text>{row.points.toLocaleString()}</Text> },
    {
      key: 'status',
      header: t('systems.fields.status'),
      render: (row) => (
        <HStack gap="1.5">
          <Badge colorPalette={row.status === 'enabled' ? 'green' : 'gray'}>{t(`accounts.status.${row.status}`)}</Badge>
          {row.must_change_password && (
            <Badge colorPalette="orange" variant="subtle">
              {t('systems.sub.mustChange')}
            </Badge>
          )}
        </HStack>
      ),
    },
    {
      key: 'lastLogin',
      header: t('systems.fields.lastLogin'),
      render: (row) => <Text whiteSpace="nowrap">{row.last_login_at ?? '—'}</Text>,
    },
    { key: 'created', header: t('systems.fields.created'), render: (row) => <Text whiteSpace="nowrap">{row.created_at}</Text> },
    actionsColumn(t('common.table.actions'), (row) => (
      <>
        {can('subaccount:edit') && (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="brand"
            onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'edit', row } })}
          >
            {t('systems.sub.editRole')}
          </Button>
        )}
        {(operator || can('subaccount:edit') || (can('subaccount:del') && row.owner_id !== null)) && (
          <RowMenu
            label={t('systems.sub.more', { name: row.username })}
            items={[
              ...(can('subaccount:edit')
                ? [
                    row.status === 'enabled'
                      ? {
                          value: 'disable',
                          label: t('systems.sub.disable'),
                          onSelect: () => status.submit({ account: row, status: 'disabled' }),
                        }
                      : {
                          value: 'enable',
                          label: t('systems.sub.enable'),
                          onSelect: () => status.submit({ account: row, status: 'enabled' }),
                        },
                    {
                      value: 'reset',
                      label: t('systems.sub.resetPassword'),
                      onSelect: () => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'reset', row } }),
                    },
                  ]
                : []),
              // The operator: sign in as an enabled non-operator account; points belong to owners (a sub-account uses its owner's).
              ...(operator && row.status === 'enabled' && !row.roles.includes(ADMIN_ROLE)
                ? [
                    {
                      value: 'signInAs',
                      label: t('systems.signInAs.action'),
                      onSelect: () => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'signInAs', row } }),
                    },
                  ]
                : []),
              ...(operator && row.owner_id === null
                ? [
                    {
                      value: 'grant',
                      label: t('systems.grant.action'),
                      onSelect: () => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'grant', row } }),
                    },
                  ]
                : []),
              ...(can('subaccount:del') && row.owner_id !== null
                ? [
                    {
                      value: 'delete',
                      label: t('systems.sub.delete'),
                      danger: true,
                      onSelect: () => list.send({ type: 'DELETE.REQUEST', row }),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </>
    )),
  ];

  return (
    <Stack gap="4">
      <PageHeader
        title={t('routes.systems.subaccount')}
        description={t(operator ? 'systems.sub.descriptionOperator' : 'systems.sub.description')}
      >
        {can('subaccount:add') && (
          <Button colorPalette="brand" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'create' } })}>
            <Plus /> {t('systems.sub.add')}
          </Button>
        )}
      </PageHeader>
      <HStack gap="3" wrap="wrap">
        <SearchInput label={t('systems.sub.search')} onSearch={(value) => filter({ keyword: value || undefined })} />
        <OptionSelect<NonNullable<SubAccountFilters['status']> | ''>
          label={t('systems.fields.status')}
          width="40"
          value={filters.status ?? ''}
          blank={t('systems.status.all')}
          options={[
            { value: 'enabled', label: t('accounts.status.enabled') },
            { value: 'disabled', label: t('accounts.status.disabled') },
          ]}
          onValueChange={(value) => filter({ status: value || undefined })}
        />
        {operator && (
          <OptionSelect<NonNullable<SubAccountFilters['kind']> | ''>
            label={t('systems.sub.kind')}
            width="44"
            value={filters.kind ?? ''}
            blank={t('systems.sub.kinds.all')}
            options={[
              { value: 'owners', label: t('systems.sub.kinds.owners') },
              { value: 'sub', label: t('systems.sub.kinds.sub') },
            ]}
            onValueChange={(value) => filter({ kind: value || undefined })}
          />
        )}
        <Button variant="outline" onClick={() => download.submit(filters)}>
          <Download /> {t('systems.export')}
        </Button>
      </HStack>
      <ListTable
        list={list}
        label={t('routes.systems.subaccount')}
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={t('systems.sub.empty')}
      />
      <FormDialog open={mode !== null} onClose={close} title={t(DIALOG_TITLES[mode ?? 'create'])}>
        {mode && (
          <SubAccountForm
            key={`${mode}-${account?.id ?? 0}-${roleOptions.length}`}
            mode={mode}
            account={account}
            roles={roleOptions}
            onCancel={close}
            onSaved={saved}
          />
        )}
      </FormDialog>
      <FormDialog open={operatorDialog === 'signInAs'} onClose={close} title={t('systems.signInAs.title')}>
        {operatorDialog === 'signInAs' && operatorRow && <SignInAsForm account={operatorRow} onCancel={close} />}
      </FormDialog>
      <FormDialog open={operatorDialog === 'grant'} onClose={close} title={t('systems.grant.title')}>
        {operatorDialog === 'grant' && operatorRow && <GrantPointsForm account={operatorRow} onCancel={close} onSaved={saved} />}
      </FormDialog>
      <ConfirmDeleteDialog
        list={list}
        title={t('systems.sub.deleteTitle')}
        describe={(row) => t('systems.sub.deleteText', { name: row.username })}
      />
    </Stack>
  );
}
