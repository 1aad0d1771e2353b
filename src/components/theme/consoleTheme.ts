import { system } from './system';

let loading: Promise<void> | null = null;

/**
 * Adds the rest of Chakra's recipes (./consoleRecipes, its own chunk) to the console's
 * system, which starts with the first screen's only (./firstScreenRecipes). Every lazy chunk but the
 * login page's waits for it before it renders (./withConsoleTheme): the system caches a recipe the
 * first time a component asks for it, so a component must not render before its recipe is there.
 * The system reads its recipes from its config object on each first use, hence the assignment there.
 */
export function loadConsoleTheme(): Promise<void> {
  return (loading ??= import('./consoleRecipes').then(
    ({ recipes, slotRecipes }) => {
      const theme = system._config.theme ?? {};
      theme.recipes = Object.assign(theme.recipes ?? {}, recipes);
      theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, slotRecipes);
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}
