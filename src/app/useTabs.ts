import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { useTabsActor } from './AppActorProvider';
import { createTabActions, type TabActions } from './tabActions';
import type { CloseRequest } from '../machines/tabs';
import type { TabsContext } from '../machines/tabs.machine';

export interface UseTabs extends TabActions, Pick<TabsContext, 'tabs' | 'current' | 'cachedKeys' | 'renderKeys'> {
  enabled: boolean;
  /** Whether the tabs machine would close anything for this request (affixed tabs never close). */
  canClose: (request: CloseRequest) => boolean;
}

/** The tab bar's state and functions (docs/console-interface.md, Tabs). */
export function useTabs(): UseTabs {
  const actor = useTabsActor();
  const enabled = useSelector(actor, (state) => state.hasTag('enabled'));
  const tabs = useSelector(actor, (state) => state.context.tabs);
  const current = useSelector(actor, (state) => state.context.current);
  const cachedKeys = useSelector(actor, (state) => state.context.cachedKeys);
  const renderKeys = useSelector(actor, (state) => state.context.renderKeys);
  const actions = useMemo(
    () =>
      createTabActions(actor.send, () => ({
        enabled: actor.getSnapshot().hasTag('enabled'),
        current: actor.getSnapshot().context.current,
      })),
    [actor],
  );
  const canClose = (request: CloseRequest) => actor.getSnapshot().can(request);
  return { enabled, tabs, current, cachedKeys, renderKeys, canClose, ...actions };
}
