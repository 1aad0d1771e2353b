import type { ReactNode } from 'react';
import { Menu, Portal } from '@chakra-ui/react';
import { ArrowLeftToLine, ArrowRightToLine, FoldHorizontal, RotateCw, X, XCircle, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TAB_ACTIONS, type TabAction } from './tabActions';

const ICONS: Record<TabAction, LucideIcon> = {
  refresh: RotateCw,
  close: X,
  closeLeft: ArrowLeftToLine,
  closeRight: ArrowRightToLine,
  closeOthers: FoldHorizontal,
  closeAll: XCircle,
};

interface TabActionsMenuProps {
  enabled: Record<TabAction, boolean>;
  onAction: (action: TabAction) => void;
  /** Opens on right click of the children (a tab) instead of on click of them (the bar's button). */
  context?: boolean;
  children: ReactNode;
}

/** Refresh, close, close left / right / others / all, for one tab. */
export function TabActionsMenu({ enabled, onAction, context = false, children }: TabActionsMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu.Root onSelect={({ value }) => onAction(value as TabAction)} positioning={{ placement: 'bottom-end' }}>
      {context ? <Menu.ContextTrigger asChild>{children}</Menu.ContextTrigger> : <Menu.Trigger asChild>{children}</Menu.Trigger>}
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            {TAB_ACTIONS.map((action) => {
              const Icon = ICONS[action];
              return (
                <Menu.Item key={action} value={action} disabled={!enabled[action]}>
                  <Icon size={16} />
                  {t(`layout.tabs.${action}`)}
                </Menu.Item>
              );
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
