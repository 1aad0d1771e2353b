import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { DEFAULT_PROJECT_CONFIG, diffProjectConfig, mergeProjectConfig } from '../../src/config/projectConfig';
import { settingsMachine, type SettingsInput } from '../../src/machines/settings.machine';
import type { Locale } from '../../src/config/constants';
import { createTransitionCoverage } from './coverage';
import { createFakeActors, replayAll, type Model } from './modelPaths';

function settingsWith(record: (name: string, params?: unknown) => void = () => {}) {
  return settingsMachine.provide({
    actions: {
      applyTheme: (_, theme) => record('theme', theme),
      applyLocale: (_, locale) => record('locale', locale),
      persistSettings: (_, settings) => record('persist', settings),
      applyConfig: (_, config) => record('config', config),
      copyConfig: (_, json) => record('copy', json),
      rememberFirstScreen: (_, screen) => record('firstScreen', screen),
      announceSettings: ({ context }) => record('announce', context),
    },
    actors: {
      saveLanguage: fromPromise<unknown, { locale: Locale }>(async ({ input }) => record('saveLanguage', input.locale)),
    },
  });
}

const model: Model<ReturnType<typeof settingsWith>> = {
  machine: settingsWith(),
  input: {},
  events: {
    'LOCALE.CHANGE': [
      { type: 'LOCALE.CHANGE', locale: 'en' },
      { type: 'LOCALE.CHANGE', locale: 'zh_CN' },
    ],
    'CONFIG.CHANGE': [
      { type: 'CONFIG.CHANGE', patch: { sessionTimeoutProcessing: 'redirect' } },
      { type: 'CONFIG.CHANGE', patch: { contentMode: 'fixed', contentHeightMode: 'header' } },
    ],
  },
  serializeState: (snapshot: AnyMachineSnapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.theme,
      snapshot.context.locale,
      snapshot.context.projectConfig.sessionTimeoutProcessing,
      snapshot.context.projectConfig.contentMode,
      snapshot.context.projectConfig.contentHeightMode,
    ]),
};

const coverage = createTransitionCoverage('settings', settingsMachine);

function start(input: SettingsInput, record?: (name: string, params?: unknown) => void, inspect?: typeof coverage.inspect) {
  const actor = createActor(settingsWith(record), { input, ...(inspect ? { inspect } : {}) });
  return { actor, fakes: createFakeActors([]) };
}

describe('settings machine', () => {
  it('every generated path reaches the states the graph predicts', async () => {
    expect(await replayAll(model, coverage, (inspect) => start({}, undefined, inspect))).toBeGreaterThan(0);
  });

  it('starts light and Chinese by default, and applies both to the page at once', () => {
    const record = vi.fn();
    const { actor } = start({}, record);
    actor.start();
    expect(actor.getSnapshot().context).toMatchObject({
      theme: 'light',
      locale: 'zh_CN',
      projectConfig: { permissionMode: 'BACK', sessionTimeoutProcessing: 'overlay' },
    });
    expect(record).toHaveBeenCalledWith('theme', 'light');
    expect(record).toHaveBeenCalledWith('locale', 'zh_CN');
  });

  it("stores a locale the user switches to as the account's language, and only that", () => {
    const record = vi.fn();
    const { actor } = start({ locale: 'zh_CN' }, record);
    actor.start();
    actor.send({ type: 'THEME.TOGGLE' });
    actor.send({ type: 'LOCALE.CHANGE', locale: 'en' });
    actor.send({ type: 'LOCALE.CHANGE', locale: 'fr' as 'en' });
    actor.send({ type: 'LOCALE.CHANGE', locale: 'zh_CN' });
    expect(record.mock.calls.filter(([name]) => name === 'saveLanguage')).toEqual([
      ['saveLanguage', 'en'],
      ['saveLanguage', 'zh_CN'],
    ]);
  });

  it('tells the server which prerendered login page to send: at start, and after each change of locale or theme', () => {
    const record = vi.fn();
    const { actor } = start({ locale: 'en', theme: 'dark' }, record);
    actor.start();
    const remembered = () => record.mock.calls.filter(([name]) => name === 'firstScreen').map(([, screen]) => screen);
    expect(remembered()).toEqual([{ locale: 'en', theme: 'dark' }]);
    actor.send({ type: 'LOCALE.CHANGE', locale: 'zh_CN' });
    actor.send({ type: 'THEME.TOGGLE' });
    actor.send({ type: 'CONFIG.CHANGE', patch: { sessionTimeoutProcessing: 'redirect' } });
    actor.send({ type: 'THEME.TOGGLE' });
    actor.send({ type: 'SETTINGS.RESET' });
    expect(remembered()).toEqual([
      { locale: 'en', theme: 'dark' },
      { locale: 'zh_CN', theme: 'dark' },
      { locale: 'zh_CN', theme: 'light' },
      { locale: 'zh_CN', theme: 'dark' },
      { locale: 'zh_CN', theme: 'light' },
    ]);
  });

  it('dark mode gives header and menu their dark colours and themes, and is persisted', () => {
    const record = vi.fn();
    const { actor } = start({}, record);
    actor.start();
    actor.send({ type: 'THEME.TOGGLE' });
    const { theme, projectConfig } = actor.getSnapshot().context;
    expect(theme).toBe('dark');
    expect(projectConfig.headerSetting).toMatchObject({ bgColor: '#151515', theme: 'dark' });
    expect(projectConfig.menuSetting).toMatchObject({ bgColor: '#212121', theme: 'dark' });
    expect(record).toHaveBeenCalledWith('theme', 'dark');
    expect(record).toHaveBeenCalledWith('persist', expect.objectContaining({ theme: 'dark' }));

    actor.send({ type: 'THEME.TOGGLE' });
    expect(actor.getSnapshot().context.projectConfig.headerSetting).toMatchObject({ bgColor: '#ffffff', theme: 'light' });
  });

  it('a header colour whose weighted RGB (0.299, 0.578, 0.114) reaches 192 gets the light theme, below it the dark one', () => {
    const { actor } = start({});
    actor.start();
    actor.send({ type: 'CONFIG.CHANGE', patch: { headerSetting: { bgColor: '#c2c2c2' } } });
    expect(actor.getSnapshot().context.projectConfig.headerSetting.theme).toBe('light');
    actor.send({ type: 'CONFIG.CHANGE', patch: { headerSetting: { bgColor: '#c1c1c1' } } });
    expect(actor.getSnapshot().context.projectConfig.headerSetting.theme).toBe('dark');
    expect(actor.getSnapshot().context.projectConfig.headerSetting.showNotice).toBe(DEFAULT_PROJECT_CONFIG.headerSetting.showNotice);
  });

  it('copies the project config as JSON, and resets to the defaults (light) keeping the locale', () => {
    const record = vi.fn();
    const { actor } = start({ locale: 'en' }, record);
    actor.start();
    actor.send({ type: 'THEME.TOGGLE' });
    actor.send({ type: 'CONFIG.CHANGE', patch: { grayMode: true, menuSetting: { menuWidth: 260 } } });
    expect(record).toHaveBeenCalledWith('config', expect.objectContaining({ grayMode: true }));
    actor.send({ type: 'SETTINGS.COPY' });
    const copied = JSON.parse(record.mock.calls.find(([name]) => name === 'copy')?.[1] as string);
    expect(copied).toMatchObject({ grayMode: true, darkMode: 'dark', menuSetting: { menuWidth: 260 } });
    actor.send({ type: 'SETTINGS.RESET' });
    expect(actor.getSnapshot().context).toMatchObject({
      theme: 'light',
      locale: 'en',
      projectConfig: { grayMode: false, menuSetting: { menuWidth: 210, bgColor: '#001529', theme: 'dark' } },
    });
    expect(record).toHaveBeenLastCalledWith('announce', expect.objectContaining({ theme: 'light' }));
  });

  it('stores only the user’s changes, so a later default reaches fields the user never changed', () => {
    const changed = mergeProjectConfig(DEFAULT_PROJECT_CONFIG, { lockTime: 5, menuSetting: { collapsed: true } });
    const diff = diffProjectConfig(changed);
    expect(diff).toEqual({ lockTime: 5, menuSetting: { collapsed: true } });
    const newerDefaults = mergeProjectConfig(DEFAULT_PROJECT_CONFIG, { menuSetting: { menuWidth: 240 }, showFooter: true });
    expect(mergeProjectConfig(newerDefaults, diff)).toMatchObject({
      lockTime: 5,
      showFooter: true,
      menuSetting: { collapsed: true, menuWidth: 240 },
    });
    expect(diffProjectConfig(DEFAULT_PROJECT_CONFIG)).toEqual({});
  });

  it('keeps the menu mode with the menu type: top menu ⇄ horizontal, applied and persisted with the change', () => {
    const record = vi.fn();
    const { actor } = start({}, record);
    actor.start();
    const menu = () => actor.getSnapshot().context.projectConfig.menuSetting;
    actor.send({ type: 'CONFIG.CHANGE', patch: { menuSetting: { mode: 'vertical-right' } } });
    expect(menu()).toMatchObject({ type: 'sidebar', mode: 'vertical-right' });
    actor.send({ type: 'CONFIG.CHANGE', patch: { menuSetting: { type: 'mix' } } });
    expect(menu()).toMatchObject({ type: 'mix', mode: 'vertical-right' });

    actor.send({ type: 'CONFIG.CHANGE', patch: { menuSetting: { type: 'top-menu' } } });
    expect(menu()).toMatchObject({ type: 'top-menu', mode: 'horizontal' });
    expect(record).toHaveBeenLastCalledWith(
      'announce',
      expect.objectContaining({ projectConfig: expect.objectContaining({ menuSetting: expect.objectContaining({ mode: 'horizontal' }) }) }),
    );
    expect(record).toHaveBeenCalledWith(
      'persist',
      expect.objectContaining({ projectConfig: expect.objectContaining({ menuSetting: expect.objectContaining({ mode: 'horizontal' }) }) }),
    );
    actor.send({ type: 'CONFIG.CHANGE', patch: { menuSetting: { mode: 'vertical' } } });
    expect(menu().mode).toBe('horizontal');

    actor.send({ type: 'CONFIG.CHANGE', patch: { menuSetting: { type: 'mix-sidebar' } } });
    expect(menu()).toMatchObject({ type: 'mix-sidebar', mode: 'inline' });
  });

  it('layout mode full or fixed and content-height mode auto, header or fixed are persisted with the project config', () => {
    const record = vi.fn();
    const { actor } = start({}, record);
    actor.start();
    const config = () => actor.getSnapshot().context.projectConfig;
    expect([config().contentMode, config().contentHeightMode]).toEqual(['full', 'auto']);
    actor.send({ type: 'CONFIG.CHANGE', patch: { contentMode: 'fixed', contentHeightMode: 'fixed' } });
    expect(record).toHaveBeenLastCalledWith(
      'announce',
      expect.objectContaining({ projectConfig: expect.objectContaining({ contentMode: 'fixed', contentHeightMode: 'fixed' }) }),
    );
    // Stored as the user's changes, and started from again after a reload.
    const stored = diffProjectConfig(config());
    expect(stored).toEqual({ contentMode: 'fixed', contentHeightMode: 'fixed' });
    const again = start({ projectConfig: mergeProjectConfig(DEFAULT_PROJECT_CONFIG, stored) }).actor;
    again.start();
    expect(again.getSnapshot().context.projectConfig).toMatchObject({ contentMode: 'fixed', contentHeightMode: 'fixed' });
  });

  it('a stored top menu from before modes were applied starts horizontal', () => {
    const stored = mergeProjectConfig(DEFAULT_PROJECT_CONFIG, { menuSetting: { type: 'top-menu' } });
    const { actor } = start({ projectConfig: stored });
    actor.start();
    expect(actor.getSnapshot().context.projectConfig.menuSetting).toMatchObject({ type: 'top-menu', mode: 'horizontal' });
  });

  it('ignores a locale it does not have', () => {
    const record = vi.fn();
    const { actor } = start({ locale: 'en' }, record);
    actor.start();
    actor.send({ type: 'LOCALE.CHANGE', locale: 'fr' as 'en' });
    expect(actor.getSnapshot().context.locale).toBe('en');
    expect(record).not.toHaveBeenCalledWith('persist', expect.anything());
  });
});

afterAll(() => {
  coverage.report();
});

it('settings machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});
