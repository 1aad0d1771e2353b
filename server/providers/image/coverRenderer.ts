import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import type { ImageProvider, ImageRequest } from './types';

const WIDTH = 1200;
const HEIGHT = 630;

/** Colour pairs for the gradient; the caption and variant choose one. */
const PALETTES: [string, string][] = [
  ['#0960bd', '#5b2ccf'],
  ['#0f766e', '#2563eb'],
  ['#b45309', '#be123c'],
  ['#4338ca', '#0e7490'],
  ['#15803d', '#0f766e'],
  ['#9333ea', '#db2777'],
];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Breaks the caption into at most 4 lines of about `width` characters (CJK text by character). */
/** Width in latin-letter units: a CJK character is about two. */
const displayLength = (text: string) =>
  [...text].reduce(
    (n, c) => n + (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u.test(c) ? 2 : 1),
    0,
  );

export function wrapCaption(caption: string, width = 26): string[] {
  const words = /\s/.test(caption.trim()) ? caption.trim().split(/\s+/) : [...caption.trim()];
  const joiner = /\s/.test(caption.trim()) ? ' ' : '';
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line}${joiner}${word}` : word;
    if (displayLength(next) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length > 4) return [...lines.slice(0, 3), `${lines[3].slice(0, width - 1)}…`];
  return lines;
}

/** The picture as SVG: a diagonal gradient, soft circles, and the caption in large type. */
export function coverSvg(caption: string, variant: number): string {
  const seed = createHash('sha256').update(caption).digest();
  const [from, to] = PALETTES[(seed[0] + variant) % PALETTES.length];
  const lines = wrapCaption(caption);
  const size = lines.length > 2 ? 56 : 68;
  const top = HEIGHT / 2 - ((lines.length - 1) * size * 1.2) / 2 + size / 3;
  const text = lines
    .map(
      (l, i) =>
        `<text x="80" y="${Math.round(top + i * size * 1.2)}" font-size="${size}" font-weight="700" fill="#ffffff" font-family="DejaVu Sans, Liberation Sans, Noto Sans Hans, Noto Sans KR, Arial, sans-serif">${escapeXml(l)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>` +
    `<circle cx="${1000 + (seed[1] % 120)}" cy="${120 + (seed[2] % 80)}" r="${180 + (seed[3] % 60)}" fill="#ffffff" fill-opacity="0.08"/>` +
    `<circle cx="${140 + (seed[4] % 100)}" cy="${560 - (seed[5] % 60)}" r="${120 + (seed[6] % 50)}" fill="#ffffff" fill-opacity="0.06"/>` +
    `<rect x="80" y="${Math.round(top - size * 1.3)}" width="96" height="8" rx="4" fill="#ffffff" fill-opacity="0.85"/>` +
    text +
    `</svg>`
  );
}

/** A bold font file when the system has one (loading one file is far faster than every system font). */
const FONT_FILES = ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf'];

/**
 * CJK fonts shipped with the project's dependencies, not the system's: Noto Sans Hans Bold (the
 * GB2312 subset of Noto Sans CJK: simplified Chinese, kana, the common kanji) from
 * @embedpdf/fonts-sc, and Noto Sans KR Bold (Hangul) from @embedpdf/fonts-kr. Loaded only for a
 * caption with CJK characters (they are 8.6 and 4.7 MB).
 */
const require = createRequire(import.meta.url);
function packageFont(pkg: string, file: string): string | null {
  try {
    const candidate = path.join(path.dirname(require.resolve(pkg)), '..', 'fonts', file);
    return fs.existsSync(candidate) ? candidate : null;
  } catch {
    return null;
  }
}
const CJK_FONTS = [
  packageFont('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'),
  packageFont('@embedpdf/fonts-kr', 'NotoSansKR-Bold.otf'),
].filter((f): f is string => f !== null);
const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

export const fontOptions = (caption = '') => {
  const file = FONT_FILES.find((f) => fs.existsSync(f));
  const cjk = CJK_TEXT.test(caption) ? CJK_FONTS : [];
  return file || cjk.length
    ? { loadSystemFonts: false, fontFiles: [...(file ? [file] : []), ...cjk], defaultFontFamily: file ? 'DejaVu Sans' : 'Noto Sans Hans' }
    : { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' };
};

/** The embedded renderer: the caption on a gradient, as PNG (resvg). Without any font the picture has no caption. */
export function createCoverRenderer(): ImageProvider {
  return {
    name: 'cover-renderer',
    offline: true,
    async generate(request: ImageRequest) {
      // The native renderer (a 4 MB library) is loaded by the first cover, not at the server's start.
      const { Resvg } = await import('@resvg/resvg-js');
      const png = new Resvg(coverSvg(request.caption, request.variant), { font: fontOptions(request.caption) }).render().asPng();
      return { bytes: Buffer.from(png), ext: 'png' as const };
    },
  };
}
