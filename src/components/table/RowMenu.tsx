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
 * A table row's "more" menu: the actions that do not fit as buttons. Its items mount when it opens
 * (issue 17): a table drew every row's hidden menu in a portal on its first render.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Menu.Trigger asChild>
        <IconButton size="xs" variant="ghost" aria-label={label}>
          <Ellipsis />
        </IconButton>
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
