/** The shell's actors (docs/console-interface.md), found by systemId. */
export { useErrorLogActor, useLockActor, useMenuSearchActor, useTabsActor } from './AppActorProvider';
export type { ErrorLogActor, LockActor, MenuSearchActor, TabsActor } from './AppActorProvider';
