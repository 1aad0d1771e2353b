import { useLayoutEffect, useRef, useState, type ComponentProps, type KeyboardEvent, type SyntheticEvent } from 'react';
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { Ellipsis } from 'lucide-react';

export interface RowMenuItem {
  value: string;
  label: string;
  onSelect: () => void;
  /** Shown in the error colour (delete). */
  danger?: boolean;
}

/** The keys that open a menu from its button, besides the button's own Enter and Space (a click). */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp']);

/**
 * A table row's "more" menu: the actions that do not fit as buttons. Every row's menu was
 * a Zag menu machine from the table's first render, a sixth of a menu tree's first drawing. Until it
 * is first opened, a row has the button alone; the press that opens it (pointer, Enter, Space or an
 * arrow key) mounts the menu open, and it stays mounted, with its items mounted while it is open.
 * The mounted menu's button is a new element: when the plain one had the focus, the new one takes it
 * before the frame is drawn (Zag then moves it into the menu), so it never falls to the page.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [wanted, setWanted] = useState(false);
  const hadFocus = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (wanted && hadFocus.current) trigger.current?.focus();
  }, [wanted]);
  if (!wanted) {
    const want = (event: SyntheticEvent) => {
      hadFocus.current = document.activeElement === event.currentTarget;
      setWanted(true);
    };
    const onKeyDown = (event: KeyboardEvent) => OPENING_KEYS.has(event.key) && (event.preventDefault(), want(event));
    return <MoreButton label={label} aria-haspopup="menu" aria-expanded={false} onClick={want} onKeyDown={onKeyDown} />;
  }
  return (
    <Menu.Root defaultOpen positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Menu.Trigger asChild>
        <MoreButton label={label} ref={trigger} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {items.map((item) => (
              <Menu.Item key={item.value} value={item.value} color={item.danger ? 'fg.error' : undefined} onSelect={item.onSelect}>
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

type MoreButtonProps = { label: string } & Omit<ComponentProps<typeof IconButton>, 'aria-label' | 'children'>;

/** The row menu's button, the same before and after the menu is mounted. */
function MoreButton({ label, ...props }: MoreButtonProps) {
  return (
    <IconButton size="xs" variant="ghost" aria-label={label} {...props}>
      <Ellipsis />
    </IconButton>
  );
}
