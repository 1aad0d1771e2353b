/**
 * A component's prop outside the values spec §5 allows is a programmer's mistake: in development it
 * is refused at once with the spec's wording; in production the component falls back quietly.
 */
export function refuseInvalidProp<Value extends string>(value: Value, allowed: readonly Value[], message: string): boolean {
  if (allowed.includes(value)) return true;
  if (import.meta.env.DEV) throw new Error(message);
  return false;
}
