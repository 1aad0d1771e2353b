import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { firstScreenRecipes } from './firstScreenRecipes';

/**
 * The console's design system: Chakra's defaults with the brand colour of spec §9 (#0960bd).
 * Chakra's dark mode follows the `dark` class that the settings actor puts on <html>.
 */
const config = defineConfig({
  globalCss: {
    'html, body, #root': { height: '100%' },
    // The browser's own parts (a date field's calendar button and picker, scrollbars) in the theme's scheme.
    html: { colorScheme: 'light' },
    'html.dark': { colorScheme: 'dark' },
    // Project config (spec §3): colour-weak and grey modes filter the whole page.
    'html.color-weak': { filter: 'invert(80%)' },
    'html.gray-mode': { filter: 'grayscale(100%)' },
    'html.color-weak.gray-mode': { filter: 'invert(80%) grayscale(100%)' },
    body: { bg: 'bg.canvas', color: 'fg', fontFeatureSettings: '"tnum"' },
    // The top progress bar (nprogress, whose code loads with the first navigation) in the brand
    // colour: its own style sheet's rules, here rather than a style sheet of their own on the first load.
    '#nprogress': { pointerEvents: 'none' },
    '#nprogress .bar': { bg: 'brand.500', position: 'fixed', top: '0', left: '0', width: '100%', height: '2px', zIndex: 'toast' },
    '#nprogress .peg': {
      display: 'block',
      position: 'absolute',
      right: '0',
      width: '100px',
      height: '100%',
      boxShadow: '0 0 10px {colors.brand.500}, 0 0 5px {colors.brand.500}',
      opacity: 1,
      transform: 'rotate(3deg) translate(0px, -4px)',
    },
  },
  theme: {
    // Spec §9 breakpoints: SM 576, MD 768, LG 992 (below it the console is mobile), XL 1200, XXL 1600.
    breakpoints: { sm: '36em', md: '48em', lg: '62em', xl: '75em', '2xl': '100em' },
    tokens: {
      colors: {
        brand: {
          50: { value: '#e8f1fb' },
          100: { value: '#c5dbf3' },
          200: { value: '#96bde8' },
          300: { value: '#5f9adb' },
          400: { value: '#327dcf' },
          500: { value: '#0960bd' },
          600: { value: '#0853a5' },
          700: { value: '#06448a' },
          800: { value: '#05366e' },
          900: { value: '#032853' },
          950: { value: '#021a36' },
        },
      },
      fonts: {
        heading: {
          value: `-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', sans-serif`,
        },
        body: {
          value: `-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', sans-serif`,
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.500}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
        // Text on a solid orange (a warning's button) reads black in both themes, as Chakra has it in
        // the dark one: white on orange.600 is 3.6:1, under WCAG AA's 4.5:1 for small text.
        orange: {
          contrast: { value: 'black' },
        },
        bg: {
          canvas: { value: { _light: '#f0f2f5', _dark: '#0d0d0d' } },
          panel: { value: { _light: 'white', _dark: '#1a1a1a' } },
        },
        // The sidebar and header take their project-config colours; their text follows the bar's own
        // theme (spec §4: light or dark by luminance), which the layout sets as a `dark` class on them.
        sidebar: {
          fg: { value: { _light: '{colors.gray.700}', _dark: 'rgba(255, 255, 255, 0.72)' } },
          strong: { value: { _light: '{colors.gray.900}', _dark: 'white' } },
          hoverFg: { value: { _light: '{colors.brand.600}', _dark: 'white' } },
          hoverBg: { value: { _light: 'rgba(0, 0, 0, 0.04)', _dark: 'rgba(255, 255, 255, 0.08)' } },
          activeFg: { value: { _light: '{colors.brand.600}', _dark: 'white' } },
          activeBg: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.500}' } },
          nestedBg: { value: { _light: 'rgba(0, 0, 0, 0.02)', _dark: 'rgba(0, 0, 0, 0.22)' } },
          border: { value: { _light: '{colors.gray.200}', _dark: 'rgba(255, 255, 255, 0.06)' } },
        },
      },
    },
  },
});

/**
 * Chakra's default theme (its `defaultConfig`) but for the recipes: the first screen's only, the
 * rest added by ./consoleTheme before anything else renders (they are a tenth of the
 * login page's bytes otherwise).
 */
const defaultTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, textStyles, layerStyles, animationStyles, ...firstScreenRecipes },
});

export const system = createSystem(defaultBaseConfig, defaultTheme, config);
