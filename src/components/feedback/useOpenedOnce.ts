import { useEffect, useState } from 'react';

/**
 * A dialog drawn only from the first time it opens: a page draws its closed dialogs and drawers on
 * each of its renders otherwise (issue 17: ~20 ms of a menu page's first visit). `mounted` says
 * whether to render the dialog at all, `open` what to tell it.
 *
 * The dialog mounts closed and opens on the next render, as it did when it was always there: one
 * mounted already open while another dialog closes (a form that leads to the next, as the created
 * key to its secret) takes the focus going back from the closing one for a move outside, and closes
 * again at once. Once opened it stays, so that closing plays its animation.
 */
export function useOpenedOnce(open: boolean): { mounted: boolean; open: boolean } {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (open) setMounted(true);
  }, [open]);
  return { mounted: mounted || open, open: mounted && open };
}
