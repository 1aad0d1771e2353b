import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Prompt } from '../../../contract/schemas/prompt';
import { firstPageOf, useListActor } from '../../app/useListActor';
import { PageLoading } from '../../components/feedback/PageLoading';
import { ConfirmDeleteDialog } from '../../components/table/ConfirmDeleteDialog';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { promptRows } from './api';
import { PromptFormDialog } from './PromptFormDialog';
import { useCan } from '../../app/useCan';
import { actionsColumn } from '../../components/table/actionsColumn';

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = () => [firstPageOf(promptRows)];

/** The dialogs of the page, each by name with the prompt it is about. */
type PromptDialog = { name: 'create' } | { name: 'edit'; row: Prompt };

/** /prompt: the templates a generation task writes with; the built-in defaults are read-only. */
export default function PromptPage() {
  const { t, ready } = useTranslation('prompt');
  const can = useCan();
  const list = useListActor<Prompt, PromptDialog>(promptRows);
  const context = useSelector(list, (state) => state.context);
  if (!ready) return <PageLoading />;
  const dialog = context.dialog;

  const columns: Column<Prompt>[] = [
    {
      key: 'name',
      header: t('prompt.fields.name'),
      render: (row) => (
        <HStack gap="2">
          {/* A built-in default is named in the reader's language; its stored name is the English one. */}
          <Text fontWeight="medium">{row.built_in ? t(`prompt.builtInNames.${row.kind}`) : row.name}</Text>
          {row.built_in && <Badge colorPalette="purple">{t('prompt.builtIn')}</Badge>}
        </HStack>
      ),
    },
    { key: 'kind', header: t('prompt.fields.kind'), render: (row) => <Badge variant="outline">{t(`prompt.kinds.${row.kind}`)}</Badge> },
    {
      key: 'variables',
      header: t('prompt.fields.variables'),
      render: (row) => (
        <Text as="code" textStyle="xs" fontFamily="mono">
          {row.variables.map((name) => `{${name}}`).join(' ')}
        </Text>
      ),
    },
    { key: 'updated', header: t('prompt.fields.updated'), render: (row) => <Text whiteSpace="nowrap">{row.updated_at}</Text> },
    actionsColumn(t('common.table.actions'), (row) => (
      <>
        {(row.built_in || can('prompt:edit')) && (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="brand"
            onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'edit', row } })}
          >
            {t(row.built_in ? 'prompt.actions.view' : 'prompt.actions.edit')}
          </Button>
        )}
        {!row.built_in && can('prompt:del') && (
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => list.send({ type: 'DELETE.REQUEST', row })}>
            {t('prompt.actions.delete')}
          </Button>
        )}
      </>
    )),
  ];

  return (
    <Stack gap="4">
      <PageHeader title={t('routes.article.prompt')} description={t('prompt.description')}>
        {can('prompt:add') && (
          <Button colorPalette="brand" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'create' } })}>
            <Plus /> {t('prompt.add')}
          </Button>
        )}
      </PageHeader>
      <ListTable list={list} label={t('routes.article.prompt')} columns={columns} rowKey={(row) => row.id} />
      <PromptFormDialog
        open={dialog?.name === 'create' || dialog?.name === 'edit'}
        prompt={dialog?.name === 'edit' ? dialog.row : null}
        onClose={() => list.send({ type: 'DIALOG.CLOSE' })}
        onSaved={(row) => list.send({ type: 'DIALOG.SAVED', row })}
      />
      <ConfirmDeleteDialog list={list} title={t('prompt.delete.title')} describe={(row) => t('prompt.delete.text', { name: row.name })} />
    </Stack>
  );
}
