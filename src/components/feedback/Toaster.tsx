import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastsWanted } from './toaster';

const ToastList = lazy(() => import('./ToastList'));

/** Draws the toasts created through `toaster`, from the first one on (the list is its own chunk). */
export function Toaster() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, toastsWanted.get);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
