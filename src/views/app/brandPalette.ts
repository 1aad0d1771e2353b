const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
/** How far each shade is mixed towards white (negative: towards black), as the default palette is. */
const MIX: Record<(typeof SHADES)[number], number> = {
  50: 0.91,
  100: 0.77,
  200: 0.58,
  300: 0.37,
  400: 0.19,
  500: 0,
  600: -0.13,
  700: -0.28,
  800: -0.43,
  900: -0.58,
  950: -0.72,
};

function channels(hex: string): [number, number, number] {
  const full = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1);
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as [number, number, number];
}

function toHex(values: number[]): string {
  return `#${values
    .map((value) =>
      Math.round(Math.min(255, Math.max(0, value)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The brand palette (50 … 950) around `color` as its 500, as Chakra CSS variables. */
export function brandPaletteVariables(color: string): Record<string, string> {
  const base = channels(color);
  const variables: Record<string, string> = {};
  for (const shade of SHADES) {
    const mix = MIX[shade];
    const target = mix >= 0 ? 255 : 0;
    variables[`--chakra-colors-brand-${shade}`] = toHex(base.map((value) => value + (target - value) * Math.abs(mix)));
  }
  return variables;
}
