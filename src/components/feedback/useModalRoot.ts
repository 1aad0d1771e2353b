import { useEffect, useState } from 'react';

/** What a form's dialog or drawer root (Chakra's Dialog.Root, Drawer.Root) is given. */
export interface ModalRootProps {
  open: boolean;
  onOpenChange: (details: { open: boolean }) => void;
  /** Its content is mounted only while it is open, so each opening starts afresh. */
  lazyMount: true;
  unmountOnExit: true;
}

/**
 * The root props of a form's dialog or drawer, or null while it has never been open: a page draws
 * its closed dialogs and drawers on each of its renders otherwise (~20 ms of a menu
 * page's first visit). Closing by its own means (Escape, the close button, outside) calls `onClose`.
 *
 * It mounts closed and opens on the next render, as it did when it was always there: one mounted
 * already open while another dialog closes (a form that leads to the next, as the created key to
 * its secret) takes the focus going back from the closing one for a move outside, and closes again
 * at once. Once opened it stays, so that closing plays its animation.
 */
export function useModalRoot(open: boolean, onClose: () => void): ModalRootProps | null {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (open) setMounted(true);
  }, [open]);
  if (!mounted && !open) return null;
  return {
    open: mounted && open,
    onOpenChange: (details) => {
      if (!details.open) onClose();
    },
    lazyMount: true,
    unmountOnExit: true,
  };
}
