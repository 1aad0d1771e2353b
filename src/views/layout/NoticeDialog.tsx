import type { ReactNode } from 'react';
import { Dialog, Flex, Portal, Text } from '@chakra-ui/react';
import { CircleAlert } from 'lucide-react';

interface NoticeDialogProps {
  open: boolean;
  title: string;
  text: string;
  onClose: () => void;
  /** The buttons. */
  children: ReactNode;
}

/** A message of the request layer shown as a dialog (error message mode `modal`, points dialog). */
export function NoticeDialog({ open, title, text, onClose, children }: NoticeDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} role="alertdialog" placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Flex align="center" gap="2.5">
                <Flex color="fg.warning">
                  <CircleAlert size={22} />
                </Flex>
                <Dialog.Title>{title}</Dialog.Title>
              </Flex>
            </Dialog.Header>
            <Dialog.Body>
              <Text ps="8" color="fg.muted">
                {text}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>{children}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
