import { describe, expect, it } from 'vitest';
import { menuModeApplies, menuModeForType, withMenuModeOfType } from '../../src/config/menuMode';
import { DEFAULT_PROJECT_CONFIG, mergeProjectConfig } from '../../src/config/projectConfig';

describe('menu mode rule (vben-admin: horizontal is the top menu’s)', () => {
  it('the top menu is horizontal whatever the mode was', () => {
    for (const mode of ['inline', 'vertical', 'vertical-right', 'horizontal'] as const)
      expect(menuModeForType('top-menu', mode)).toBe('horizontal');
  });

  it('another type leaves horizontal for inline, and keeps a sidebar mode', () => {
    for (const type of ['sidebar', 'mix-sidebar', 'mix'] as const) {
      expect(menuModeForType(type, 'horizontal')).toBe('inline');
      expect(menuModeForType(type, 'vertical')).toBe('vertical');
      expect(menuModeForType(type, 'vertical-right')).toBe('vertical-right');
      expect(menuModeForType(type, 'inline')).toBe('inline');
    }
  });

  it('puts the agreed mode in a config, and returns a config that already agrees as it is', () => {
    const topMenu = mergeProjectConfig(DEFAULT_PROJECT_CONFIG, { menuSetting: { type: 'top-menu' } });
    expect(withMenuModeOfType(topMenu).menuSetting).toMatchObject({
      type: 'top-menu',
      mode: 'horizontal',
      menuWidth: DEFAULT_PROJECT_CONFIG.menuSetting.menuWidth,
    });
    expect(withMenuModeOfType(DEFAULT_PROJECT_CONFIG)).toBe(DEFAULT_PROJECT_CONFIG);
  });

  it('applies to the sidebar type and to mix with split only', () => {
    expect(menuModeApplies({ type: 'sidebar', split: false })).toBe(true);
    expect(menuModeApplies({ type: 'mix', split: true })).toBe(true);
    expect(menuModeApplies({ type: 'mix', split: false })).toBe(false);
    expect(menuModeApplies({ type: 'mix-sidebar', split: true })).toBe(false);
    expect(menuModeApplies({ type: 'top-menu', split: false })).toBe(false);
  });
});
