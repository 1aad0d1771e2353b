import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../src/components/theme/system';
import { loadConsoleTheme } from '../../src/components/theme/consoleTheme';
import { RowMenu } from '../../src/components/table/RowMenu';

/** A row's menu with two actions, as a table draws it. */
async function renderRowMenu() {
  await loadConsoleTheme();
  const archive = vi.fn();
  const remove = vi.fn();
  render(
    <ChakraProvider value={system}>
      <RowMenu
        label="More for row 1"
        items={[
          { value: 'archive', label: 'Archive', onSelect: archive },
          { value: 'delete', label: 'Delete', onSelect: remove, danger: true },
        ]}
      />
    </ChakraProvider>,
  );
  return { archive, remove, button: screen.getByRole('button', { name: 'More for row 1' }) };
}

/** Moves the highlight to the item named `name` with the arrow keys and picks it with Enter. */
async function chooseByKeyboard(name: string) {
  const user = userEvent.setup();
  const item = await screen.findByRole('menuitem', { name });
  // As a person does: once the menu shows with the focus in it (Zag moves it there in the next frame).
  await waitFor(() => expect(screen.getByRole('menu').contains(document.activeElement)).toBe(true));
  for (let step = 0; step < 3 && item.getAttribute('data-highlighted') === null; step++) await user.keyboard('{ArrowDown}');
  await user.keyboard('{Enter}');
}

/** The menu comes only when it can be used; it must still open however the button is pressed. */
describe('a table row’s menu', () => {
  // The items are picked from the keyboard: jsdom has no layout, and Zag's menu picks with the
  // pointer only what the pointer moved over (the browser tests pick them with the pointer).
  it('opens from the pointer and runs the chosen action', async () => {
    const { button, remove } = await renderRowMenu();
    await userEvent.setup().click(button);
    await chooseByKeyboard('Delete');
    expect(remove).toHaveBeenCalledOnce();
  });

  it('opens from a press that came with neither pointer nor focus (an assistive technology’s click)', async () => {
    const { button, archive } = await renderRowMenu();
    fireEvent.click(button);
    await screen.findByRole('menuitem', { name: 'Archive' });
    await chooseByKeyboard('Archive');
    expect(archive).toHaveBeenCalledOnce();
  });

  it('opens from the keyboard: the focus comes to the button, then Enter', async () => {
    const { archive } = await renderRowMenu();
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{Enter}');
    await chooseByKeyboard('Archive');
    expect(archive).toHaveBeenCalledOnce();
  });

  it('opens from the arrow keys, and again after it was closed', async () => {
    const { archive } = await renderRowMenu();
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    // The menu shows with the focus in it (Zag moves it there in the next frame), then Escape.
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Archive' })).toBeNull());
    const button = screen.getByRole('button', { name: 'More for row 1' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(button));
    await user.click(button);
    await chooseByKeyboard('Archive');
    expect(archive).toHaveBeenCalledOnce();
  });

  it('keeps the focus on its button while the menu comes, never on the page', async () => {
    const { button } = await renderRowMenu();
    button.focus();
    // Checked in the same task as the key, before any frame: the menu's own button replaced the
    // plain one (Zag moves the focus into the menu in the next frame).
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More for row 1' }));
    await screen.findByRole('menu');
  });
});
