import { Badge, Button, Code, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ListChecks, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RoleItem } from '../../../contract/schemas/system';
import { useCan } from '../../app/useCan';
import { firstPageOf, useListActor } from '../../app/useListActor';
import { FormDialog } from '../../components/feedback/FormDialog';
import { PageLoading } from '../../components/feedback/PageLoading';
import { ConfirmDeleteDialog } from '../../components/table/ConfirmDeleteDialog';
import type { Column } from '../../components/table/DataTable';
import { RowButton } from '../../components/table/RowButton';
import { actionsColumn } from '../../components/table/actionsColumn';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { RowMenu } from '../../components/table/RowMenu';
import { roleRows } from './api';
import { FormDrawer } from '../../components/feedback/FormDrawer';
import { RoleForm } from './RoleForm';
import { RoleTreeForm } from './RoleTreeForm';
import { roleName } from '../../../contract/roleName';

const LIST_INPUT = { pageSize: 100 };

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = () => [firstPageOf(roleRows, LIST_INPUT)];

/** The dialogs of the page, each by name with the role it is about. */
type RoleDialog = { name: 'create' } | { name: 'rename' | 'tree'; row: RoleItem };

/**
 * /systems/sub/accounts/role: the roles, who holds them, and what each may do — its menus and their
 * access entries, edited as a tree of checkboxes. Only the operator changes roles (the server's rule).
 */
export default function RolePage() {
  const { t, ready } = useTranslation('systems');
  const operator = useCan()('admin');
  const list = useListActor<RoleItem, RoleDialog>(roleRows, LIST_INPUT);
  const dialog = useSelector(list, (state) => state.context.dialog);
  if (!ready) return <PageLoading />;

  const role = dialog && dialog.name !== 'create' ? dialog.row : null;
  const close = () => list.send({ type: 'DIALOG.CLOSE' });
  const saved = () => list.send({ type: 'DIALOG.SAVED' });

  const columns: Column<RoleItem>[] = [
    {
      key: 'name',
      header: t('systems.role.fields.name'),
      render: (row) => (
        <Stack gap="0">
          <Text fontWeight="medium">{roleName(row, t)}</Text>
          <Code size="sm" variant="plain" color="fg.muted" px="0">
            {row.code}
          </Code>
        </Stack>
      ),
    },
    {
      key: 'kind',
      header: t('systems.role.fields.kind'),
      render: (row) => (
        <Badge colorPalette={row.built_in ? 'purple' : 'gray'}>{t(row.built_in ? 'systems.role.builtIn' : 'systems.role.custom')}</Badge>
      ),
    },
    {
      key: 'holders',
      header: t('systems.role.fields.holders'),
      align: 'end',
      render: (row) => <Text>{row.holders.toLocaleString()}</Text>,
    },
    {
      key: 'grants',
      header: t('systems.role.fields.grants'),
      render: (row) => (
        <Text textStyle="sm" color="fg.muted">
          {t('systems.role.grants', { menus: row.menu_ids.length, codes: row.access_ids.length })}
        </Text>
      ),
    },
    actionsColumn(t('common.table.actions'), (row) => (
      <>
        {operator && (
          <RowButton color="brand" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'tree', row } })}>
            <ListChecks /> {t('systems.role.permissions')}
          </RowButton>
        )}
        {operator && (
          <RowMenu
            label={t('systems.role.more', { name: roleName(row, t) })}
            items={[
              {
                value: 'rename',
                label: t('systems.role.rename'),
                onSelect: () => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'rename', row } }),
              },
              {
                value: 'delete',
                label: t('systems.role.delete'),
                danger: true,
                onSelect: () => list.send({ type: 'DELETE.REQUEST', row }),
              },
            ]}
          />
        )}
      </>
    )),
  ];

  return (
    <Stack gap="4">
      <PageHeader title={t('routes.systems.role')} description={t('systems.role.description')}>
        {operator && (
          <Button colorPalette="brand" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'create' } })}>
            <Plus /> {t('systems.role.add')}
          </Button>
        )}
      </PageHeader>
      <ListTable
        list={list}
        label={t('routes.systems.role')}
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={t('systems.role.empty')}
      />
      <FormDialog
        open={dialog?.name === 'create' || dialog?.name === 'rename'}
        onClose={close}
        title={t(dialog?.name === 'rename' ? 'systems.role.renameTitle' : 'systems.role.addTitle')}
      >
        {(dialog?.name === 'create' || dialog?.name === 'rename') && (
          <RoleForm role={dialog.name === 'rename' ? role : null} onCancel={close} onSaved={saved} />
        )}
      </FormDialog>
      <FormDrawer
        open={dialog?.name === 'tree'}
        onClose={close}
        title={role ? t('systems.role.treeTitle', { name: roleName(role, t) }) : ''}
        size="md"
      >
        {dialog?.name === 'tree' && role && <RoleTreeForm key={role.id} role={role} onCancel={close} onSaved={saved} />}
      </FormDrawer>
      <ConfirmDeleteDialog
        list={list}
        title={t('systems.role.deleteTitle')}
        describe={(row) => t('systems.role.deleteText', { name: roleName(row, t) })}
      />
    </Stack>
  );
}
