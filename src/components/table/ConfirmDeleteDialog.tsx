import { Button, Dialog, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ListActor } from '../../app/useListActor';
import type { ListDialog, ListRow } from '../../machines/list.machine';
import { FormDialog } from '../feedback/FormDialog';
import { FailureAlert } from '../form/FailureAlert';
import { ColoredButton } from '../ColoredButton';

interface ConfirmDeleteDialogProps<Row extends ListRow, Dialog extends ListDialog> {
  list: ListActor<Row, Dialog>;
  title: string;
  describe: (row: Row) => string;
}

/** Asks before a list deletes its row; the row leaves the table at once and the refusal shows here. */
export function ConfirmDeleteDialog<Row extends ListRow, Dialog extends ListDialog>({
  list,
  title,
  describe,
}: ConfirmDeleteDialogProps<Row, Dialog>) {
  const { t } = useTranslation();
  const row = useSelector(list, (state) => state.context.deleting);
  const error = useSelector(list, (state) => state.context.deleteError);
  const open = useSelector(list, (state) => state.hasTag('confirmingDelete') || state.hasTag('deleting'));
  const deleting = useSelector(list, (state) => state.hasTag('deleting'));
  return (
    <FormDialog open={open} onClose={() => list.send({ type: 'DELETE.CANCEL' })} title={title} size="xs">
      <Dialog.Body>
        <FailureAlert failure={error} />
        {row && <Text>{describe(row)}</Text>}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={() => list.send({ type: 'DELETE.CANCEL' })}>
          {t('common.cancelText')}
        </Button>
        <ColoredButton color="error" loading={deleting} onClick={() => list.send({ type: 'DELETE.CONFIRM' })}>
          {t('common.table.delete')}
        </ColoredButton>
      </Dialog.Footer>
    </FormDialog>
  );
}
