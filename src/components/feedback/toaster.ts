import type { CreateToasterReturn } from '@chakra-ui/react';

type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

/**
 * The console's toasts, created from anywhere: `toaster.success({ title })`. The toast machine and
 * its list (zag's toast group, about 8 kB gzipped) load with the first toast, not with the login
 * page (what the browser fetches before the login form); calls keep their order, and a
 * toast created before its list is drawn shows when it is (the list reads the store's toasts).
 */
let store: Promise<CreateToasterReturn> | null = null;
const listeners = new Set<() => void>();

function withStore(use: (store: CreateToasterReturn) => void): void {
  if (!store) {
    store = import('./toasterStore').then(({ toasterStore }) => toasterStore);
    for (const listener of listeners) listener();
  }
  void store.then(use);
}

export const toaster = {
  create: (options: ToastOptions) => withStore((s) => s.create(options)),
  success: (options: ToastOptions) => withStore((s) => s.success(options)),
  error: (options: ToastOptions) => withStore((s) => s.error(options)),
  /** Dismisses one toast, or all; nothing to do while none was ever created. */
  dismiss: (id?: string) => {
    if (store) withStore((s) => s.dismiss(id));
  },
};

/** Whether a toast was ever asked for: the toast list is drawn from then on (Toaster). */
export const toastsWanted = {
  get: () => store !== null,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
