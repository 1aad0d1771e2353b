import type { ReactNode } from 'react';
import { Button, CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useModalRoot } from './useModalRoot';

interface FormDrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}

/** A drawer at the end of the window whose content is mounted only while it is open, nothing of it before the first (the spec's menu, access and role drawers, the project settings). */
export function FormDrawer({ open, onClose, title, children, size = 'md' }: FormDrawerProps) {
  const { t } = useTranslation();
  const root = useModalRoot(open, onClose);
  if (!root) return null;
  return (
    <Drawer.Root {...root} placement="end" size={size}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            {children}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.closeWindow')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/** The buttons under a form in a drawer: cancel, and submit (the form's own submit button), as DialogFormFooter does for dialogs. */
export function DrawerFormFooter({
  onCancel,
  submitting,
  disabled,
  submitLabel,
}: {
  onCancel: () => void;
  submitting: boolean;
  disabled?: boolean;
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Drawer.Footer>
      <Button variant="outline" onClick={onCancel}>
        {t('common.cancelText')}
      </Button>
      <Button type="submit" colorPalette="brand" loading={submitting} disabled={disabled}>
        {submitLabel ?? t('common.okText')}
      </Button>
    </Drawer.Footer>
  );
}
