/**
 * A message the request layer asks the view to show (spec §8). `text` is an i18n key of the `sys`
 * namespace (`sys.api.errMsg401`) or, when `translate` is false, the server's own message.
 */
export interface Notice {
  kind: 'message' | 'modal' | 'confirmPoints';
  text: string;
  translate: boolean;
  /** i18n key of the dialog's title (modal and confirmPoints). */
  titleKey?: string;
}
