import {
  alertSlotRecipe,
  buttonRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  linkRecipe,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * The recipes of the Chakra components the first screen draws — the login page, its
 * forms and what App shows around every page (loading spinner, toasts, alerts). Chakra's other 70
 * recipes (about 25 kB gzipped) arrive with the first chunk that can use them (./consoleTheme).
 * A component added to the login page whose recipe is not here draws unstyled: add its recipe.
 */
export const firstScreenRecipes = {
  recipes: {
    button: buttonRecipe,
    heading: headingRecipe,
    icon: iconRecipe,
    input: inputRecipe,
    inputAddon: inputAddonRecipe,
    link: linkRecipe,
    separator: separatorRecipe,
    skeleton: skeletonRecipe,
    spinner: spinnerRecipe,
  },
  slotRecipes: { alert: alertSlotRecipe, field: fieldSlotRecipe, toast: toastSlotRecipe },
};
