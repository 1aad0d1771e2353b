/** The shell's actors (docs/console-interface.md, issue 4), found by systemId. */
export { useErrorLogActor, useLockActor, useMenuSearchActor, useTabsActor } from './AppActorProvider';
export type { ErrorLogActor, LockActor, MenuSearchActor, TabsActor } from './AppActorProvider';
