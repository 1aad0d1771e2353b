import { useState } from 'react';
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { Ellipsis } from 'lucide-react';

export interface RowMenuItem {
  value: string;
  label: string;
  onSelect: () => void;
  /** Shown in the error colour (delete). */
  danger?: boolean;
}

/**
 * A table row's "more" menu: the actions that do not fit as buttons. Issue 17: a table drew every
 * row's menu in a portal on each of its renders. The menu's positioner comes when the pointer or
 * the focus comes to the button, before it can be pressed (or when it opens, whatever opened it);
 * its items mount when it opens.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [armed, setArmed] = useState(false);
  const arm = () => setArmed(true);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit onOpenChange={(details) => details.open && arm()}>
      <Menu.Trigger asChild>
        <IconButton size="xs" variant="ghost" aria-label={label} onPointerEnter={arm} onFocus={arm}>
          <Ellipsis />
        </IconButton>
      </Menu.Trigger>
      {armed && (
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
      )}
    </Menu.Root>
  );
}
