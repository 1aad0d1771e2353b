import { Button, HStack } from '@chakra-ui/react';
import { Languages, Moon, Sun } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSettingsActor } from '../../app/AppActorProvider';
import { LOCALES } from '../../i18n';
import { HeaderIconButton } from '../../components/HeaderIconButton';

/**
 * Language and theme on the login page. With two languages a button that offers the other one is
 * all it takes; plain buttons keep the menu and tooltip code out of the page's first load. Its words
 * are the first screen's (`sys`), not the signed-in header's (`layout`, loaded with the shell).
 */
export function LoginPreferences() {
  const { t } = useTranslation();
  const settings = useSettingsActor();
  const locale = useSelector(settings, (state) => state.context.locale);
  const dark = useSelector(settings, (state) => state.context.theme === 'dark');
  const other = LOCALES.find((value) => value !== locale) ?? locale;
  const themeLabel = t(dark ? 'sys.login.lightMode' : 'sys.login.darkMode');
  return (
    <HStack gap="1">
      <Button
        variant="ghost"
        size="sm"
        color="fg.muted"
        aria-label={`${t('sys.login.language')}: ${t(`sys.locale.${other}`)}`}
        lang={other === 'zh_CN' ? 'zh-CN' : 'en'}
        onClick={() => settings.send({ type: 'LOCALE.CHANGE', locale: other })}
      >
        <Languages />
        {t(`sys.locale.${other}`)}
      </Button>
      <HeaderIconButton label={themeLabel} title={themeLabel} onClick={() => settings.send({ type: 'THEME.TOGGLE' })}>
        {dark ? <Sun /> : <Moon />}
      </HeaderIconButton>
    </HStack>
  );
}
