import { Menu, Portal } from '@chakra-ui/react';
import { Languages } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSettingsActor } from '../../app/AppActorProvider';
import { LOCALES, isLocale } from '../../i18n';
import { HeaderIconButton } from '../../components/HeaderIconButton';

/** The language menu: zh_CN or en (spec §1); the choice is the settings actor's. */
export function LocalePicker() {
  const { t } = useTranslation();
  const settings = useSettingsActor();
  const locale = useSelector(settings, (state) => state.context.locale);
  return (
    <Menu.Root onSelect={({ value }) => isLocale(value) && settings.send({ type: 'LOCALE.CHANGE', locale: value })}>
      <Menu.Trigger asChild>
        <HeaderIconButton label={t('layout.header.language')}>
          <Languages />
        </HeaderIconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="36">
            <Menu.RadioItemGroup value={locale}>
              {LOCALES.map((value) => (
                <Menu.RadioItem key={value} value={value}>
                  {t(`layout.locale.${value}`)}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
