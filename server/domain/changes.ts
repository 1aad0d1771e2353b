/**
 * The fields an edit sets (those not `undefined`). An edit that names none changes nothing and
 * answers the row as it is: an UPDATE with nothing to set is not SQL.
 */
export const hasChanges = (changes: Record<string, unknown>) => Object.values(changes).some((v) => v !== undefined);
