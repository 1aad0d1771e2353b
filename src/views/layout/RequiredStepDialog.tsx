import type { ReactNode } from 'react';
import { Box, Dialog, Text } from '@chakra-ui/react';
import { DialogPanel } from '../../components/feedback/DialogPanel';

/**
 * A step the user takes at sign-in before anything of the console opens (a new password, an
 * authenticator): a dialog that cannot be dismissed, over an empty page; its form's other way out
 * is logging out.
 */
export function RequiredStepDialog({
  title,
  text,
  size,
  children,
}: {
  title: string;
  text: string;
  size: 'sm' | 'md';
  children: ReactNode;
}) {
  return (
    <Box minH="100vh" bg="bg.muted">
      <Dialog.Root open closeOnEscape={false} closeOnInteractOutside={false} placement="center" size={size} role="alertdialog">
        <DialogPanel title={title}>
          <Dialog.Body pb="0">
            <Text color="fg.muted" fontSize="sm">
              {text}
            </Text>
          </Dialog.Body>
          {children}
        </DialogPanel>
      </Dialog.Root>
    </Box>
  );
}
