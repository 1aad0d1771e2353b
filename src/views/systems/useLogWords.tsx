import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An admin-log entry's codes in the reader's words: what was done and what it was done to. A code
 * the catalog does not know (an action named after its route, a newer route) stays its code.
 */
export function useLogWords() {
  const { t, i18n } = useTranslation('adminLog');
  return {
    action: (action: string): ReactNode =>
      i18n.exists(`adminLog.actions.${action}`) ? t(`adminLog.actions.${action}`) : <code>{action}</code>,
    resource: (resource: string, id: string | null): string => {
      const words = i18n.exists(`adminLog.resources.${resource}`) ? t(`adminLog.resources.${resource}`) : resource;
      return id ? `${words} #${id}` : words;
    },
  };
}
