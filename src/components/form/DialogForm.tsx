import type { ReactNode } from 'react';
import { Dialog, Stack } from '@chakra-ui/react';
import { DialogFormFooter, type DialogFormFooterProps } from './DialogFormFooter';

type DialogFormProps = Omit<DialogFormFooterProps, 'onConfirm'> & {
  /** The form's name, as a screen reader announces it (most often the dialog's title). */
  label: string;
  /** Sends what the form holds; the page does not reload. */
  onSubmit: () => void;
  /** The space between the fields; 4 by default. */
  gap?: '2' | '3' | '4';
  children: ReactNode;
};

/**
 * A form in a dialog: its fields stacked in the dialog's body, cancel and submit beneath. The form
 * checks its own values and shows its own messages, so the browser's checks stay off.
 */
export function DialogForm({ label, onSubmit, gap = '4', children, ...footer }: DialogFormProps) {
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Dialog.Body>
        <Stack gap={gap}>{children}</Stack>
      </Dialog.Body>
      <DialogFormFooter {...footer} />
    </form>
  );
}
