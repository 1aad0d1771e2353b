import { useMemo } from 'react';
import { Button, Code, Drawer, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AccessEntry, MenuItem } from '../../../contract/schemas/menu';
import { useCan } from '../../app/useCan';
import { useListActor } from '../../app/useListActor';
import { FormDialog } from '../../components/feedback/FormDialog';
import { toaster } from '../../components/feedback/toaster';
import { DialogForm } from '../../components/form/DialogForm';
import { FormAlert } from '../../components/form/FormAlert';
import { TextField } from '../../components/form/TextField';
import type { Rule } from '../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../components/form/useValidatedForm';
import { ConfirmDeleteDialog } from '../../components/table/ConfirmDeleteDialog';
import { DataTable, type Column } from '../../components/table/DataTable';
import { RowButton } from '../../components/table/RowButton';
import { actionsColumn } from '../../components/table/actionsColumn';
import { accessRowsOf, useSaveAccess } from './api';
import { permissionName } from '../../shared/permissionName';

type Values = { name: string; auth_code: string };

const RULES: FieldRules<Values> = {
  name: [
    (value) => (!value.trim() ? 'systems.menu.validation.required' : value.trim().length > 64 ? 'systems.menu.validation.tooLong' : null),
  ],
  auth_code: [
    ((value) => {
      if (!value.trim()) return 'systems.menu.validation.required';
      return /^[A-Za-z0-9_:.-]{1,64}$/.test(value.trim()) ? null : 'systems.menu.validation.authCode';
    }) satisfies Rule<unknown>,
  ],
};

/** Adds or edits one access entry of a menu: its name and the permission code it grants. */
function AccessForm({
  menuId,
  entry,
  onCancel,
  onSaved,
}: {
  menuId: number;
  entry: AccessEntry | null;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('systems');
  const submission = useSaveAccess({
    onSucceeded: () => {
      toaster.success({ title: t(entry ? 'systems.access.saved' : 'systems.access.added') });
      onSaved();
    },
  });
  const initial = useMemo<Values>(() => ({ name: entry?.name ?? '', auth_code: entry?.auth_code ?? '' }), [entry]);
  const form = useValidatedForm<Values>(initial, RULES);
  return (
    <DialogForm
      label={t('systems.access.formLabel')}
      onSubmit={form.handleSubmit((values) => submission.submit({ menuId, entry, values }))}
      onCancel={onCancel}
      submitting={submission.state === 'submitting'}
    >
      <TextField label={t('systems.access.fields.name')} autoComplete="off" {...form.field('name')} />
      <TextField
        label={t('systems.access.fields.authCode')}
        autoComplete="off"
        helperText={t('systems.access.authCodeHelp')}
        {...form.field('auth_code')}
      />
      {submission.error && <FormAlert message={submission.error.msg} />}
    </DialogForm>
  );
}

/** The dialogs of the drawer, each by name with the entry it is about. */
type AccessDialog = { name: 'create' } | { name: 'edit'; row: AccessEntry };

/** The access drawer's content (spec §7 admin-access): the menu's permission entries, listed by menu_id, added, edited and deleted. */
export function AccessEntries({ menu, onClose }: { menu: MenuItem; onClose: () => void }) {
  const { t } = useTranslation('systems');
  const can = useCan();
  const services = useMemo(() => accessRowsOf(menu.id), [menu.id]);
  const list = useListActor<AccessEntry, AccessDialog>(services, { pageSize: 100 });
  const context = useSelector(list, (state) => state.context);
  const loading = useSelector(list, (state) => state.hasTag('loading'));
  const dialog = context.dialog;
  const editing = dialog?.name === 'edit' ? dialog.row : null;
  const close = () => list.send({ type: 'DIALOG.CLOSE' });

  const columns: Column<AccessEntry>[] = [
    { key: 'name', header: t('systems.access.fields.name'), render: (row) => <Text>{permissionName(row, t)}</Text> },
    { key: 'code', header: t('systems.access.fields.authCode'), render: (row) => <Code size="sm">{row.auth_code}</Code> },
    ...(can('menu:edit') || can('menu:del')
      ? [
          actionsColumn(t('common.table.actions'), (row: AccessEntry) => (
            <>
              {can('menu:edit') && (
                <RowButton
                  color="brand"
                  label={t('systems.access.editOf', { name: permissionName(row, t) })}
                  onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'edit', row } })}
                >
                  {t('systems.access.edit')}
                </RowButton>
              )}
              {can('menu:del') && (
                <RowButton
                  color="red"
                  label={t('systems.access.deleteOf', { name: permissionName(row, t) })}
                  onClick={() => list.send({ type: 'DELETE.REQUEST', row })}
                >
                  {t('systems.access.delete')}
                </RowButton>
              )}
            </>
          )),
        ]
      : []),
  ];

  return (
    <>
      <Drawer.Body>
        <Stack gap="4">
          <HStack justify="space-between" gap="3">
            <Text textStyle="sm" color="fg.muted">
              {t('systems.access.description', { url: menu.url })}
            </Text>
            {can('menu:add') && (
              <Button size="sm" colorPalette="brand" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'create' } })}>
                <Plus /> {t('systems.access.add')}
              </Button>
            )}
          </HStack>
          <DataTable
            label={t('systems.access.tableLabel', { title: t(menu.title) })}
            columns={columns}
            rows={context.rows}
            rowKey={(row) => row.id}
            loading={loading}
            error={context.error}
            emptyText={t('systems.access.empty')}
          />
        </Stack>
      </Drawer.Body>
      <Drawer.Footer>
        <Button variant="outline" onClick={onClose}>
          {t('common.closeText')}
        </Button>
      </Drawer.Footer>
      <FormDialog
        open={dialog?.name === 'create' || dialog?.name === 'edit'}
        onClose={close}
        title={t(editing ? 'systems.access.editTitle' : 'systems.access.addTitle')}
      >
        {dialog && <AccessForm menuId={menu.id} entry={editing} onCancel={close} onSaved={() => list.send({ type: 'DIALOG.SAVED' })} />}
      </FormDialog>
      <ConfirmDeleteDialog
        list={list}
        title={t('systems.access.deleteTitle')}
        describe={(row) => t('systems.access.deleteText', { name: permissionName(row, t), code: row.auth_code })}
      />
    </>
  );
}
