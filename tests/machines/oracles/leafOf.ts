import type { StateValue } from 'xstate';

/** The one active leaf of a state value, as `parent.child` (`'ready.idle'`, `'loggedOut'`). */
export function leafOf(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [[parent, child]] = Object.entries(value);
  return child === undefined ? parent : `${parent}.${leafOf(child)}`;
}
