import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useSettingsActor } from '../../app/AppActorProvider';
import { THEME_COLOR } from '../../config/constants';
import { isHexColor } from '../../machines/colorTheme';
import { brandPaletteVariables } from './brandPalette';

/**
 * Applies the project config's page-wide looks to <html> as they change: the theme colour (the
 * brand palette's CSS variables, so every `colorPalette="brand"` follows), colour-weak and grey
 * mode (classes whose CSS filters the design system defines).
 */
export function ProjectConfigEffects() {
  const settings = useSettingsActor();
  const themeColor = useSelector(settings, (state) => state.context.projectConfig.themeColor);
  const colorWeak = useSelector(settings, (state) => state.context.projectConfig.colorWeak);
  const grayMode = useSelector(settings, (state) => state.context.projectConfig.grayMode);

  useEffect(() => {
    const root = document.documentElement;
    if (!isHexColor(themeColor) || themeColor.toLowerCase() === THEME_COLOR) return;
    const variables = brandPaletteVariables(themeColor);
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(variables)) root.style.removeProperty(name);
    };
  }, [themeColor]);

  // The filters themselves are in the design system's global CSS (src/components/theme/system.ts).
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('color-weak', colorWeak);
    root.classList.toggle('gray-mode', grayMode);
  }, [colorWeak, grayMode]);

  return null;
}
