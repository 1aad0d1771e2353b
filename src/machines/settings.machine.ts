import { assign, sendParent, setup, spawnChild } from 'xstate';
import {
  DARK_HEADER_BG_COLOR,
  DARK_MENU_BG_COLOR,
  DEFAULT_LOCALE,
  DEFAULT_THEME,
  LOCALES,
  type Locale,
  type Theme,
} from '../config/constants';
import { withMenuModeOfType } from '../config/menuMode';
import { DEFAULT_PROJECT_CONFIG, mergeProjectConfig, type ProjectConfig, type ProjectConfigPatch } from '../config/projectConfig';
import type { SettingsChanged } from './announcements';
import { themeForBackground } from './colorTheme';
import { notProvided } from './notProvided';

/** Theme, locale and project config (spec §1, §3, §4 Theme and Locale), persisted. */

export type SettingsEvent =
  | { type: 'THEME.TOGGLE' }
  | { type: 'LOCALE.CHANGE'; locale: Locale }
  | { type: 'CONFIG.CHANGE'; patch: ProjectConfigPatch }
  /** Copies the project config as JSON (to the clipboard, injected). */
  | { type: 'SETTINGS.COPY' }
  /** Back to the defaults: light theme and the default project config; the locale stays. */
  | { type: 'SETTINGS.RESET' };

export interface SettingsContext {
  theme: Theme;
  locale: Locale;
  projectConfig: ProjectConfig;
}

export interface SettingsInput {
  theme?: Theme;
  locale?: Locale;
  projectConfig?: ProjectConfig;
}

const LIGHT_HEADER_BG_COLOR = DEFAULT_PROJECT_CONFIG.headerSetting.bgColor;
const LIGHT_MENU_BG_COLOR = DEFAULT_PROJECT_CONFIG.menuSetting.bgColor;

/** Header and menu follow their background's luminance (spec §4 Theme). */
function withBarThemes(config: ProjectConfig): ProjectConfig {
  return {
    ...config,
    headerSetting: { ...config.headerSetting, theme: themeForBackground(config.headerSetting.bgColor) },
    menuSetting: { ...config.menuSetting, theme: themeForBackground(config.menuSetting.bgColor) },
  };
}

/**
 * What a config's own choices decide for it: header and menu themes from their colours, the menu
 * mode from the menu type (top menu ⇄ horizontal).
 */
function settled(config: ProjectConfig): ProjectConfig {
  return withBarThemes(withMenuModeOfType(config));
}

/** Dark mode's header and menu colours default to #151515 and #212121 (spec §4 Theme). */
function barColorsFor(theme: Theme): ProjectConfigPatch {
  return theme === 'dark'
    ? { headerSetting: { bgColor: DARK_HEADER_BG_COLOR }, menuSetting: { bgColor: DARK_MENU_BG_COLOR } }
    : { headerSetting: { bgColor: LIGHT_HEADER_BG_COLOR }, menuSetting: { bgColor: LIGHT_MENU_BG_COLOR } };
}

type FirstScreen = Pick<SettingsContext, 'locale' | 'theme'>;
const rememberFirstScreen = {
  type: 'rememberFirstScreen',
  params: ({ context }: { context: SettingsContext }): FirstScreen => ({ locale: context.locale, theme: context.theme }),
} as const;

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
  },
  actors: {
    /**
     * Stores the locale the user switched to as their account's language (injected): a call, so an
     * actor of its own, never an action (an action that sends a request would start its request
     * actor in the middle of this machine's step). A failure changes nothing here.
     */
    saveLanguage: notProvided<unknown, { locale: Locale }>('saveLanguage'),
  },
  actions: {
    toggleTheme: assign(({ context }) => {
      const theme: Theme = context.theme === 'dark' ? 'light' : 'dark';
      return { theme, projectConfig: settled(mergeProjectConfig(context.projectConfig, barColorsFor(theme))) };
    }),
    changeLocale: assign(({ event }) => (event.type === 'LOCALE.CHANGE' ? { locale: event.locale } : {})),
    changeConfig: assign(({ context, event }) =>
      event.type === 'CONFIG.CHANGE' ? { projectConfig: settled(mergeProjectConfig(context.projectConfig, event.patch)) } : {},
    ),
    resetConfig: assign({ theme: DEFAULT_THEME, projectConfig: settled(DEFAULT_PROJECT_CONFIG) }),
    /** Sets `data-theme` and the `dark` class on <html> (injected). */
    applyTheme: (_, _theme: Theme) => {},
    /** Sets <html lang> (injected). */
    applyLocale: (_, _locale: Locale) => {},
    /** Applies the theme colour, colour-weak and gray mode to the page (injected). */
    applyConfig: (_, _config: ProjectConfig) => {},
    /** Puts the project config's JSON on the clipboard (injected). */
    copyConfig: (_, _json: string) => {},
    /** Writes theme, locale and project config to storage (injected). */
    persistSettings: (_, _settings: SettingsContext) => {},
    /** Tells the server which prerendered login page to send next time: this locale's, this theme's (injected). */
    rememberFirstScreen: (_, _screen: FirstScreen) => {},
    announceSettings: sendParent(({ context }): SettingsChanged => ({ type: 'SETTINGS.CHANGED', ...context })),
  },
  guards: {
    isSupportedLocale: ({ event }) => event.type === 'LOCALE.CHANGE' && (LOCALES as readonly string[]).includes(event.locale),
  },
}).createMachine({
  id: 'settings',
  context: ({ input }) => ({
    theme: input.theme ?? DEFAULT_THEME,
    locale: input.locale ?? DEFAULT_LOCALE,
    projectConfig: settled(input.projectConfig ?? DEFAULT_PROJECT_CONFIG),
  }),
  initial: 'active',
  states: {
    active: {
      entry: [
        { type: 'applyTheme', params: ({ context }) => context.theme },
        { type: 'applyLocale', params: ({ context }) => context.locale },
        { type: 'applyConfig', params: ({ context }) => context.projectConfig },
        rememberFirstScreen,
        'announceSettings',
      ],
      on: {
        'THEME.TOGGLE': {
          actions: [
            'toggleTheme',
            { type: 'applyTheme', params: ({ context }) => context.theme },
            { type: 'persistSettings', params: ({ context }) => context },
            rememberFirstScreen,
            'announceSettings',
          ],
        },
        'LOCALE.CHANGE': {
          guard: 'isSupportedLocale',
          actions: [
            'changeLocale',
            { type: 'applyLocale', params: ({ context }) => context.locale },
            spawnChild('saveLanguage', { input: ({ context }) => ({ locale: context.locale }) }),
            { type: 'persistSettings', params: ({ context }) => context },
            rememberFirstScreen,
            'announceSettings',
          ],
        },
        'CONFIG.CHANGE': {
          actions: [
            'changeConfig',
            { type: 'applyConfig', params: ({ context }) => context.projectConfig },
            { type: 'persistSettings', params: ({ context }) => context },
            'announceSettings',
          ],
        },
        'SETTINGS.COPY': {
          actions: {
            type: 'copyConfig',
            params: ({ context }) => JSON.stringify({ ...context.projectConfig, darkMode: context.theme }, null, 2),
          },
        },
        'SETTINGS.RESET': {
          actions: [
            'resetConfig',
            { type: 'applyTheme', params: ({ context }) => context.theme },
            { type: 'applyConfig', params: ({ context }) => context.projectConfig },
            { type: 'persistSettings', params: ({ context }) => context },
            rememberFirstScreen,
            'announceSettings',
          ],
        },
      },
    },
  },
});
