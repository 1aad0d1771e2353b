import type { ReactNode } from 'react';
import { Button, DataList, Dialog } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from './FormDialog';

/** A read-only dialog of one record's fields: its body scrolls, and one button closes it. */
export function DetailDialog({
  open,
  title,
  onClose,
  size = 'lg',
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  size?: 'md' | 'lg' | 'xl';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog open={open} onClose={onClose} title={title} size={size} scrollBehavior="inside">
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          {t('common.closeText')}
        </Button>
      </Dialog.Footer>
    </FormDialog>
  );
}

/** One labelled value of a detail dialog's list (long values wrap). */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item alignItems="flex-start">
      <DataList.ItemLabel minW="24">{label}</DataList.ItemLabel>
      <DataList.ItemValue minW="0" wordBreak="break-all" whiteSpace="pre-wrap">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
