/** Every recipe of Chakra's default theme: the signed-in console's components (see ./consoleTheme). */
export { recipes, slotRecipes } from '@chakra-ui/react/theme';
