import type { ReactNode } from 'react';
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DialogPanel } from './DialogPanel';
import { useModalRoot } from './useModalRoot';

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** 'inside': a long body scrolls within the dialog; 'outside' (the default): the dialog scrolls in the page. Always given: an undefined variant drops the recipe's default. */
  scrollBehavior?: 'inside' | 'outside';
}

/** A centred dialog whose content is mounted only while it is open, so each opening starts afresh (nothing of it before the first). */
export function FormDialog({ open, onClose, title, children, size = 'sm', scrollBehavior = 'outside' }: FormDialogProps) {
  const { t } = useTranslation();
  const root = useModalRoot(open, onClose);
  if (!root) return null;
  return (
    <Dialog.Root {...root} placement="center" size={size} scrollBehavior={scrollBehavior}>
      <Portal>
        <DialogPanel title={title}>
          {children}
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" aria-label={t('common.closeWindow')} />
          </Dialog.CloseTrigger>
        </DialogPanel>
      </Portal>
    </Dialog.Root>
  );
}
