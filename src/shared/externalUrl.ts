import { ConsolePath } from '../../contract/consolePaths';

/** Spec §5: an external URL has an http or https prefix and a dotted host. */
export function isExternalUrl(value: string): boolean {
  return /^https?:\/\/[^/\s.]+(\.[^/\s.]+)+(:\d+)?(\/\S*)?$/i.test(value);
}

/** The console path that shows an external address in the iframe page. */
export function framePathFor(url: string): string {
  return `${ConsolePath.frame}?url=${encodeURIComponent(url)}`;
}
