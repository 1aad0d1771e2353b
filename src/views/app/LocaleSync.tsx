import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useSettingsActor } from '../../app/AppActorProvider';
import { changeLocale } from '../../i18n';

/** Keeps i18next's language on the settings actor's locale (its pack loads on first use). */
export function LocaleSync() {
  const settings = useSettingsActor();
  const locale = useSelector(settings, (state) => state.context.locale);
  useEffect(() => {
    void changeLocale(locale);
  }, [locale]);
  return null;
}
