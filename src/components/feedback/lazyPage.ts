import { createElement, lazy, useMemo, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { PermissionCode } from '../../../contract/permissionCodes';
import { reloadOnceIntoNewBuild } from '../../services/document/newBuild';

/**
 * Lazy pages that can be loaded ahead and loaded again.
 *
 * - Ahead: after sign-in, every page's `preload()` runs (lazyPageLoads); a page whose
 *   module is there renders at once, without suspending. A suspended page costs more than its
 *   download: React reveals a Suspense boundary's content at most every 300 ms after its fallback,
 *   so even a chunk already in the cache made a menu page's first visit wait about 300 ms.
 * - Again: React remembers a failed `lazy()` import forever, so a "retry" after a failed chunk
 *   load would fail again; here every page made with `lazyPage` makes a new `lazy()` after
 *   `retryLazyPages()` (the error boundary's retry calls it).
 * - Into a new build: a page about to show whose code fails to load reloads the console once
 *   (services/document/newBuild), still showing its loading state; a load ahead that fails does
 *   not (it would reload under what the user is doing).
 */
let attempt = 0;
const listeners = new Set<() => void>();
const preloads: (() => Promise<unknown>)[] = [];

export function retryLazyPages(): void {
  attempt += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether `error` is a failed dynamic import (Vite's preload error, or the browser's own). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
    message,
  );
}

/** The load of every lazy page made so far, to run one after another when the browser is idle. */
export function lazyPageLoads(): readonly (() => Promise<unknown>)[] {
  return preloads;
}

/**
 * A page's module: its default export is the page (a function component); `loadsAhead`, when it
 * has one, makes the GETs the page makes when it opens at a location (sent at the click
 * that opens it).
 */
export type LoadsAhead = (location: string, can: (code: PermissionCode) => boolean) => readonly Promise<unknown>[];

export type PageModule = { default: (props: never) => ReactNode; loadsAhead?: LoadsAhead };
type PropsOf<M extends PageModule> = M['default'] extends (props: infer P) => ReactNode ? (P extends object ? P : object) : object;

/**
 * A lazy page that can also be loaded ahead: `preload()` loads its module (once) and keeps it;
 * `loadsAhead()` is its module's `loadsAhead` once the module is there (null before, or without one).
 */
export type LazyPage<M extends PageModule> = ComponentType<PropsOf<M>> & {
  preload(): Promise<M>;
  /** Whether its module is there: it renders without suspending. */
  isLoaded(): boolean;
  loadsAhead(): LoadsAhead | null;
};

/**
 * A lazy page, loaded ahead after sign-in with every other (lazyPageLoads); see `lazyComponent` for
 * one that is not.
 */
export function lazyPage<M extends PageModule>(load: () => Promise<M>): LazyPage<M> {
  const page = lazyComponent(load);
  preloads.push(page.preload);
  return page;
}

/** A lazy component with the same loading ahead and again as a page, loaded when its owner says. */
export function lazyComponent<M extends PageModule>(load: () => Promise<M>): LazyPage<M> {
  type Props = PropsOf<M>;
  let ready: ComponentType<Props> | null = null;
  let ahead: LoadsAhead | null = null;
  let loading: Promise<M> | null = null;
  // One load shared by every caller; a failed one is tried again by the next caller.
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        ready = module.default as ComponentType<Props>;
        ahead = module.loadsAhead ?? null;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const loaded = new Map<number, ComponentType<Props>>();
  function LazyPage(props: Props) {
    const current = useSyncExternalStore(
      subscribe,
      () => attempt,
      () => attempt,
    );
    // Decided once per mount: a page that suspended stays the lazy one when its module arrives
    // (switching would mount it a second time, asking for its data twice).
    const [loadedAhead] = useState(() => ready);
    const Page = useMemo(() => {
      let page = loaded.get(current);
      if (!page) {
        page = lazy(() =>
          preload().then(
            (module) => ({ default: module.default as ComponentType<Props> }),
            (error: unknown) => {
              // Reloading: the page stays suspended until the new build's page replaces it.
              if (isChunkLoadError(error) && reloadOnceIntoNewBuild()) return new Promise<never>(() => {});
              throw error;
            },
          ),
        );
        loaded.set(current, page);
      }
      return page;
    }, [current]);
    // The props are the page's own (PropsOf); React's overloads cannot see that through the generic.
    return createElement(loadedAhead ?? Page, props as never);
  }
  return Object.assign(LazyPage, { preload, isLoaded: () => ready !== null, loadsAhead: () => ahead });
}
