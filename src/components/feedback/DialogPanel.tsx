import type { ReactNode } from 'react';
import { Dialog } from '@chakra-ui/react';

/** A dialog's panel, centred over its backdrop: its title on top, then what the dialog holds. */
export function DialogPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          {children}
        </Dialog.Content>
      </Dialog.Positioner>
    </>
  );
}
