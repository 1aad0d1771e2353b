/** The browser's location as the navigation machine keeps it: pathname and search. */
export function currentLocation(location: Location): string {
  return `${location.pathname}${location.search}`;
}

/** Writes a committed location to the history (push or replace), unless the address already shows it. */
export function writeHistory(window: Window, target: { to: string; replace: boolean }): void {
  if (currentLocation(window.location) === target.to && !target.replace) return;
  if (target.replace) window.history.replaceState(window.history.state, '', target.to);
  else window.history.pushState(null, '', target.to);
}
