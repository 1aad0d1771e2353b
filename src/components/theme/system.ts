import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * The console's design system: Chakra's defaults with the brand colour of spec §9 (#0960bd) and the
 * dark surfaces of spec §4 (header #151515, menu #212121). Chakra's dark mode follows the `dark`
 * class that the settings actor puts on <html>.
 */
const config = defineConfig({
  globalCss: {
    'html, body, #root': { height: '100%' },
    body: { bg: 'bg.canvas', color: 'fg', fontFeatureSettings: '"tnum"' },
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
        heading: { value: `-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', sans-serif` },
        body: { value: `-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', sans-serif` },
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
        bg: {
          canvas: { value: { _light: '#f0f2f5', _dark: '#0d0d0d' } },
          panel: { value: { _light: 'white', _dark: '#1a1a1a' } },
        },
        header: {
          bg: { value: { _light: 'white', _dark: '#151515' } },
        },
        sidebar: {
          bg: { value: { _light: '#001529', _dark: '#212121' } },
          fg: { value: 'rgba(255, 255, 255, 0.72)' },
          fgActive: { value: 'white' },
          hover: { value: 'rgba(255, 255, 255, 0.08)' },
          nested: { value: { _light: '#000c17', _dark: '#1a1a1a' } },
          active: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
