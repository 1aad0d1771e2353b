import { consoleOnFakeServices } from './support/consoleOnFakeServices'; // first: it points the console's http client at its page server
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { system } from '../../src/components/theme/system';
import { firstScreenRecipes } from '../../src/components/theme/firstScreenRecipes';
import { recipes, slotRecipes } from '../../src/components/theme/consoleRecipes';
import { SERVER_MENUS } from '../machines/fixtures/menus';
import { zh } from './support/texts';

/**
 * The login page starts with the recipes of its own components only (the rest arrive with
 * the signed-in console, components/theme/consoleTheme). A component on it whose recipe is missing
 * would draw unstyled, so every form of /login is opened and each recipe of Chakra's theme it asks
 * for must be one the first screen has (some components ask for a key no theme defines: `text`).
 */
const services = consoleOnFakeServices({ permCode: () => Promise.resolve([]), menuList: () => Promise.resolve(SERVER_MENUS) });

describe('the login page draws with the first screen recipes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for no recipe outside them, in any of its forms', async () => {
    const asked = { recipes: new Set<string>(), slotRecipes: new Set<string>() };
    const getRecipeFn = system.getRecipeFn.bind(system);
    const getSlotRecipeFn = system.getSlotRecipeFn.bind(system);
    vi.spyOn(system, 'getRecipeFn').mockImplementation((key, fallback) => (asked.recipes.add(key), getRecipeFn(key, fallback)));
    vi.spyOn(system, 'getSlotRecipeFn').mockImplementation((key, fallback) => (asked.slotRecipes.add(key), getSlotRecipeFn(key, fallback)));

    await services.open('/login');
    const user = userEvent.setup();
    await screen.findByRole('form', { name: zh.sys.login.signInFormTitle });
    for (const opener of [zh.sys.login.mobileSignIn, zh.sys.login.qrSignIn, zh.sys.login.registerButton, zh.sys.login.forgetPassword]) {
      await user.click(await screen.findByRole('button', { name: opener }));
      await user.click(await screen.findByRole('button', { name: zh.sys.login.backToLogin }));
      await screen.findByRole('form', { name: zh.sys.login.signInFormTitle });
    }

    expect(asked.recipes.size).toBeGreaterThan(0);
    const missing = (keys: Set<string>, theme: object, first: object) => [...keys].filter((key) => key in theme && !(key in first));
    expect(missing(asked.recipes, recipes, firstScreenRecipes.recipes)).toEqual([]);
    expect(missing(asked.slotRecipes, slotRecipes, firstScreenRecipes.slotRecipes)).toEqual([]);
  });
});
