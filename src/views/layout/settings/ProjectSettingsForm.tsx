import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Copy, RotateCcw } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useBootstrapActor, useSettingsActor } from '../../../app/AppActorProvider';
import { BUILT_IN_ROLES } from '../../../../contract/builtInMenus';
import { ROLE_CHANGE_REFUSED } from '../../../config/constants';
import { menuModeApplies, SIDEBAR_MENU_MODES } from '../../../config/menuMode';
import type { PermissionMode, ProjectConfigPatch } from '../../../config/projectConfig';
import { toaster } from '../../../components/feedback/toaster';
import { ColorSwatches } from './ColorSwatches';
import { MenuTypePicker } from './MenuTypePicker';
import { SettingNumber } from './SettingNumber';
import { SettingSelect } from './SettingSelect';
import { SettingsSection } from './SettingsSection';
import { SettingSwitch } from './SettingSwitch';
import { HEADER_BG_COLORS, MENU_BG_COLORS, THEME_COLORS, TRANSITIONS } from './settingPresets';

/**
 * The controls of the project configuration (spec §3), every item applied as it is changed: the
 * settings actor holds and persists it, the layout re-renders from it. The header's drawer and the
 * settings page (/setting/index) both show them.
 */
export function ProjectSettingsForm() {
  const { t } = useTranslation();
  const settings = useSettingsActor();
  const bootstrap = useBootstrapActor();
  const config = useSelector(settings, (state) => state.context.projectConfig);
  const role = useSelector(bootstrap, (state) => state.context.roles[0] ?? '');
  const roleRefused = useSelector(bootstrap, (state) => state.context.error === ROLE_CHANGE_REFUSED);
  const dark = useSelector(settings, (state) => state.context.theme === 'dark');
  const change = (patch: ProjectConfigPatch) => settings.send({ type: 'CONFIG.CHANGE', patch });
  const menu = config.menuSetting;
  const header = config.headerSetting;
  const transition = config.transitionSetting;
  const type = menu.type;
  const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
    values.map((value) => ({ value, label: label(value) }));

  const copy = () => {
    settings.send({ type: 'SETTINGS.COPY' });
    toaster.create({ type: 'success', description: t('layout.settings.copied') });
  };
  const reset = () => {
    settings.send({ type: 'SETTINGS.RESET' });
    toaster.create({ type: 'success', description: t('layout.settings.resetDone') });
  };
  // Between BACK and ROUTE_MAPPING the bootstrap switches (and reloads the page); ROLE is a plain change.
  const changePermissionMode = (permissionMode: PermissionMode) => {
    const modes = [config.permissionMode, permissionMode];
    if (modes.includes('BACK') && modes.includes('ROUTE_MAPPING')) bootstrap.send({ type: 'PERMISSION_MODE.TOGGLE' });
    else change({ permissionMode });
  };

  return (
    <Box>
      <SettingSwitch label={t('layout.settings.darkMode')} checked={dark} onChange={() => settings.send({ type: 'THEME.TOGGLE' })} />

      <SettingsSection title={t('layout.settings.navMode')}>
        <MenuTypePicker value={type} onChange={(value) => change({ menuSetting: { type: value } })} />
      </SettingsSection>

      <SettingsSection title={t('layout.settings.colors')}>
        <ColorSwatches
          label={t('layout.settings.themeColor')}
          value={config.themeColor}
          colors={THEME_COLORS}
          onChange={(themeColor) => change({ themeColor })}
        />
        <ColorSwatches
          label={t('layout.settings.headerBg')}
          value={header.bgColor}
          colors={HEADER_BG_COLORS}
          onChange={(bgColor) => change({ headerSetting: { bgColor } })}
        />
        <ColorSwatches
          label={t('layout.settings.menuBg')}
          value={menu.bgColor}
          colors={MENU_BG_COLORS}
          onChange={(bgColor) => change({ menuSetting: { bgColor } })}
        />
      </SettingsSection>

      <SettingsSection title={t('layout.settings.features')}>
        <SettingSelect
          label={t('layout.settings.permissionMode')}
          value={config.permissionMode}
          options={options(['ROLE', 'BACK', 'ROUTE_MAPPING'] as const, (value) => t(`layout.settings.permissionModes.${value}`))}
          onChange={changePermissionMode}
        />
        {/* The role the client-side menus are built for: changing it rebuilds them, in route-mapping mode only. */}
        <SettingSelect
          label={t('layout.settings.role')}
          value={role}
          options={[
            ...(role ? [] : [{ value: '', label: '' }]),
            ...BUILT_IN_ROLES.map(({ code }) => ({ value: code as string, label: t(`roles.${code}`) })),
          ]}
          onChange={(value) => bootstrap.send({ type: 'ROLE.CHANGE', roles: [value] })}
        />
        {roleRefused && (
          <Text role="alert" textStyle="xs" color="fg.error">
            {t('layout.settings.roleChangeRefused')}
          </Text>
        )}
        <SettingSwitch
          label={t('layout.settings.split')}
          checked={menu.split}
          disabled={type !== 'mix'}
          onChange={(split) => change({ menuSetting: { split } })}
        />
        <SettingSwitch
          label={t('layout.settings.mixSideFixed')}
          checked={menu.mixSideFixed}
          disabled={type !== 'mix-sidebar'}
          onChange={(mixSideFixed) => change({ menuSetting: { mixSideFixed } })}
        />
        <SettingSelect
          label={t('layout.settings.mixSideTrigger')}
          value={menu.mixSideTrigger}
          disabled={type !== 'mix-sidebar'}
          options={options(['hover', 'click'] as const, (value) => t(`layout.settings.triggers.${value}`))}
          onChange={(mixSideTrigger) => change({ menuSetting: { mixSideTrigger } })}
        />
        <SettingSelect
          label={t('layout.settings.topMenuAlign')}
          value={menu.topMenuAlign}
          disabled={type !== 'top-menu' && type !== 'mix'}
          options={options(['start', 'center', 'end'] as const, (value) => t(`layout.settings.aligns.${value}`))}
          onChange={(topMenuAlign) => change({ menuSetting: { topMenuAlign } })}
        />
        <SettingSelect
          label={t('layout.settings.menuMode')}
          value={menu.mode}
          disabled={!menuModeApplies(menu)}
          // The top menu's mode is horizontal, by its type (the settings machine keeps them together).
          options={options(type === 'top-menu' ? (['horizontal'] as const) : SIDEBAR_MENU_MODES, (value) =>
            t(`layout.settings.menuModes.${value}`),
          )}
          onChange={(mode) => change({ menuSetting: { mode } })}
        />
        <SettingSelect
          label={t('layout.settings.trigger')}
          value={menu.trigger}
          disabled={type === 'top-menu'}
          options={options(['none', 'footer', 'header'] as const, (value) => t(`layout.settings.menuTriggers.${value}`))}
          onChange={(trigger) => change({ menuSetting: { trigger } })}
        />
        <SettingSwitch
          label={t('layout.settings.collapsed')}
          checked={menu.collapsed}
          disabled={type === 'top-menu'}
          onChange={(collapsed) => change({ menuSetting: { collapsed } })}
        />
        <SettingSwitch
          label={t('layout.settings.accordion')}
          checked={menu.accordion}
          disabled={type === 'top-menu'}
          onChange={(accordion) => change({ menuSetting: { accordion } })}
        />
        <SettingSwitch
          label={t('layout.settings.menuFixed')}
          checked={menu.fixed}
          disabled={type === 'top-menu'}
          onChange={(fixed) => change({ menuSetting: { fixed } })}
        />
        <SettingSwitch
          label={t('layout.settings.headerFixed')}
          checked={header.fixed}
          onChange={(fixed) => change({ headerSetting: { fixed } })}
        />
        <SettingSwitch
          label={t('layout.settings.canDrag')}
          checked={menu.canDrag}
          disabled={type === 'top-menu'}
          onChange={(canDrag) => change({ menuSetting: { canDrag } })}
        />
        <SettingNumber
          label={t('layout.settings.menuWidth')}
          value={menu.menuWidth}
          min={48}
          max={400}
          step={10}
          disabled={type === 'top-menu'}
          onChange={(menuWidth) => change({ menuSetting: { menuWidth } })}
        />
        <SettingNumber
          label={t('layout.settings.lockTime')}
          value={config.lockTime}
          min={0}
          max={1440}
          onChange={(lockTime) => change({ lockTime })}
        />
      </SettingsSection>

      <SettingsSection title={t('layout.settings.display')}>
        <SettingSelect
          label={t('layout.settings.contentMode')}
          value={config.contentMode}
          options={options(['full', 'fixed'] as const, (value) => t(`layout.settings.contentModes.${value}`))}
          onChange={(contentMode) => change({ contentMode })}
        />
        <SettingSelect
          label={t('layout.settings.contentHeightMode')}
          value={config.contentHeightMode}
          options={options(['auto', 'header', 'fixed'] as const, (value) => t(`layout.settings.contentHeightModes.${value}`))}
          onChange={(contentHeightMode) => change({ contentHeightMode })}
        />
        <SettingSwitch
          label={t('layout.settings.breadcrumb')}
          checked={config.showBreadCrumb}
          onChange={(showBreadCrumb) => change({ showBreadCrumb })}
        />
        <SettingSwitch
          label={t('layout.settings.tabs')}
          checked={config.multiTabsSetting.show}
          onChange={(show) => change({ multiTabsSetting: { show } })}
        />
        <SettingSwitch
          label={t('layout.settings.tabsCache')}
          checked={config.multiTabsSetting.cache}
          disabled={!config.multiTabsSetting.show}
          onChange={(cache) => change({ multiTabsSetting: { cache } })}
        />
        <SettingSwitch
          label={t('layout.settings.showNotice')}
          checked={header.showNotice}
          onChange={(showNotice) => change({ headerSetting: { showNotice } })}
        />
        <SettingSwitch
          label={t('layout.settings.showContact')}
          checked={header.showContact}
          onChange={(showContact) => change({ headerSetting: { showContact } })}
        />
        <SettingSwitch
          label={t('layout.settings.showWorkOrder')}
          checked={header.showWorkOrder}
          onChange={(showWorkOrder) => change({ headerSetting: { showWorkOrder } })}
        />
        <SettingSwitch
          label={t('layout.settings.showSearch')}
          checked={header.showSearch}
          onChange={(showSearch) => change({ headerSetting: { showSearch } })}
        />
        <SettingSwitch
          label={t('layout.settings.showDoc')}
          checked={header.showDoc}
          onChange={(showDoc) => change({ headerSetting: { showDoc } })}
        />
        <SettingSwitch label={t('layout.settings.colorWeak')} checked={config.colorWeak} onChange={(colorWeak) => change({ colorWeak })} />
        <SettingSwitch label={t('layout.settings.grayMode')} checked={config.grayMode} onChange={(grayMode) => change({ grayMode })} />
      </SettingsSection>

      <SettingsSection title={t('layout.settings.transitions')}>
        <SettingSwitch
          label={t('layout.settings.progressBar')}
          checked={transition.openNProgress}
          onChange={(openNProgress) => change({ transitionSetting: { openNProgress } })}
        />
        <SettingSwitch
          label={t('layout.settings.pageLoading')}
          checked={transition.openPageLoading}
          onChange={(openPageLoading) => change({ transitionSetting: { openPageLoading } })}
        />
        <SettingSwitch
          label={t('layout.settings.transitionEnable')}
          checked={transition.enable}
          onChange={(enable) => change({ transitionSetting: { enable } })}
        />
        <SettingSelect
          label={t('layout.settings.transition')}
          value={transition.basicTransition}
          disabled={!transition.enable}
          options={options(TRANSITIONS, (value) => t(`layout.settings.transitionNames.${value}`))}
          onChange={(basicTransition) => change({ transitionSetting: { basicTransition } })}
        />
      </SettingsSection>

      <HStack gap="2" mt="2">
        <Button flex="1" size="sm" colorPalette="brand" onClick={copy}>
          <Copy /> {t('layout.settings.copy')}
        </Button>
        <Button flex="1" size="sm" variant="outline" onClick={reset}>
          <RotateCcw /> {t('layout.settings.reset')}
        </Button>
      </HStack>
    </Box>
  );
}
