import { Moon, Sun } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSettingsActor } from '../../app/AppActorProvider';
import { HeaderAction } from './HeaderAction';

/** Switches between the light and dark themes (spec §4). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const settings = useSettingsActor();
  const dark = useSelector(settings, (state) => state.context.theme === 'dark');
  return (
    <HeaderAction
      label={t(dark ? 'layout.header.lightMode' : 'layout.header.darkMode')}
      onClick={() => settings.send({ type: 'THEME.TOGGLE' })}
    >
      {dark ? <Sun /> : <Moon />}
    </HeaderAction>
  );
}
