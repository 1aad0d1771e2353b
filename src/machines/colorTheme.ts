import { LUMINANCE_THRESHOLD } from '../config/constants';

/** `#rgb` or `#rrggbb` (spec §5). */
export function isHexColor(value: string): boolean {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
}

/**
 * The header or menu theme a background colour takes (spec §4 Theme): light when its weighted RGB
 * luminance (0.299 R + 0.578 G + 0.114 B) reaches the threshold, dark otherwise.
 */
export function themeForBackground(color: string): 'light' | 'dark' {
  if (!isHexColor(color)) return 'dark';
  const hex = color.length === 4 ? [...color.slice(1)].map((digit) => digit + digit).join('') : color.slice(1);
  const [r, g, b] = [0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return r * 0.299 + g * 0.578 + b * 0.114 >= LUMINANCE_THRESHOLD ? 'light' : 'dark';
}
