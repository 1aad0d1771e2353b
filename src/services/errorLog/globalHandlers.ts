import type { ErrorLogEntry } from '../../shared/errorLogEntry';

/**
 * Global error handling (spec §8): script errors, unhandled promise rejections and resource load
 * failures of the page, as error-log entries.
 */

type Report = (entry: ErrorLogEntry) => void;
type Target = Pick<Window, 'addEventListener' | 'removeEventListener'> & { location: { href: string } };

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

function describeError(error: unknown): Pick<ErrorLogEntry, 'message' | 'name' | 'stack'> {
  if (error instanceof Error) return { message: error.message, name: error.name, stack: error.stack ?? '' };
  if (typeof error === 'object' && error !== null) {
    const record = error as { message?: unknown; name?: unknown; stack?: unknown };
    return { message: text(record.message) || safeJson(error), name: text(record.name) || 'Error', stack: text(record.stack) };
  }
  return { message: text(error), name: 'Error', stack: '' };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

/** A script error; null for the browser's cross-origin "Script error." that says nothing. */
export function scriptErrorEntry(
  event: Pick<ErrorEvent, 'message' | 'filename' | 'lineno' | 'colno' | 'error'>,
  url: string,
  now: Date,
): ErrorLogEntry | null {
  if (event.message === 'Script error.' && !event.filename) return null;
  const described = describeError(event.error ?? event.message);
  return {
    type: 'script',
    message: event.message || described.message,
    url,
    name: described.name,
    file: event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '',
    stack: described.stack,
    detail: '',
    time: now.toISOString(),
  };
}

/** A resource (script, stylesheet, image, …) that failed to load. */
export function resourceErrorEntry(element: Element, url: string, now: Date): ErrorLogEntry {
  const source = element.getAttribute('src') ?? element.getAttribute('href') ?? '';
  const tag = element.tagName.toLowerCase();
  return {
    type: 'resource',
    message: `Failed to load ${tag}${source ? `: ${source}` : ''}`,
    url,
    name: tag,
    file: source,
    stack: '',
    detail: element.outerHTML.slice(0, 500),
    time: now.toISOString(),
  };
}

export function rejectionEntry(reason: unknown, url: string, now: Date): ErrorLogEntry {
  const described = describeError(reason);
  return { type: 'promise', ...described, url, file: '', detail: '', time: now.toISOString() };
}

/** A React render error caught by an error boundary (the spec's `vue` type: a view error). */
export function renderErrorEntry(error: unknown, componentStack: string, url: string, now: Date): ErrorLogEntry {
  const described = describeError(error);
  return { type: 'vue', ...described, url, file: '', detail: componentStack, time: now.toISOString() };
}

/**
 * Listens on `target` (the window) for script errors, resource failures (capture phase: element
 * errors do not bubble), unhandled rejections and Vite's `vite:preloadError` (a lazy page's chunk
 * failed to load; `onPreloadError` lets the view offer a retry). Returns the function that stops.
 */
export function installGlobalErrorHandlers(
  target: Target,
  report: Report,
  { now = () => new Date(), onPreloadError = () => {} }: { now?: () => Date; onPreloadError?: (error: unknown) => void } = {},
): () => void {
  const onError = (event: Event) => {
    const element = event.target;
    if (element && (element as unknown) !== target && typeof (element as Element).tagName === 'string') {
      report(resourceErrorEntry(element as Element, target.location.href, now()));
      return;
    }
    const entry = scriptErrorEntry(event as ErrorEvent, target.location.href, now());
    if (entry) report(entry);
  };
  const onRejection = (event: Event) => report(rejectionEntry((event as PromiseRejectionEvent).reason, target.location.href, now()));
  const onPreload = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    report({ ...rejectionEntry(payload, target.location.href, now()), type: 'resource' });
    onPreloadError(payload);
  };
  target.addEventListener('error', onError, true);
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('vite:preloadError', onPreload);
  return () => {
    target.removeEventListener('error', onError, true);
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('vite:preloadError', onPreload);
  };
}
