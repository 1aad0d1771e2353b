import type { ReactNode } from 'react';
import { usePermission } from './usePermission';

/** Renders its children only when the user has `code` (one of, for a list); `fallback` otherwise. */
export function Authorized({
  code,
  fallback = null,
  children,
}: {
  code: string | readonly string[];
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const allowed = usePermission();
  return <>{allowed(code) ? children : fallback}</>;
}
