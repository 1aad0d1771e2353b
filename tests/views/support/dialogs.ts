import { screen, waitFor } from '@testing-library/react';

/**
 * A dialog (or drawer) once it holds the focus, which is what a person waits for before typing in it:
 * the dialog moves the focus inside a frame after it shows, and keys pressed before that follow the
 * focus and miss the field they were typed into.
 */
export async function findDialog(role: 'dialog' | 'alertdialog', name: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole(role, { name });
  await waitFor(() => {
    if (!dialog.contains(document.activeElement)) throw new Error(`the ${role} “${name}” has not taken the focus yet`);
  });
  return dialog;
}
