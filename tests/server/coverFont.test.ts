import { describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { coverSvg, fontOptions, wrapCaption } from '../../server/providers/image/coverRenderer';

describe('the cover renderer draws CJK titles', () => {
  it('with the CJK fonts of its dependencies: the title is drawn, not empty boxes', async () => {
    expect(fontOptions('如何选择跑步鞋').fontFiles?.some((f) => f.includes('@embedpdf/fonts-sc'))).toBe(true);
    expect(fontOptions('운동화').fontFiles?.some((f) => f.includes('@embedpdf/fonts-kr'))).toBe(true);
    expect(fontOptions('running shoes').fontFiles?.some((f) => f.includes('@embedpdf'))).toBe(false);
    // The same picture drawn with the latin font only (the characters become empty boxes) and with the CJK fonts differs.
    const draw = (caption: string, fontsFor: string) =>
      Buffer.from(new Resvg(coverSvg(caption, 0), { font: fontOptions(fontsFor) }).render().asPng());
    for (const caption of ['如何选择跑步鞋', 'ランニングシューズ', '운동화 고르는 법']) {
      expect(draw(caption, caption).equals(draw(caption, 'latin only'))).toBe(false);
    }
  });

  it('wraps CJK by width, a character counting as two letters', () => {
    expect(wrapCaption('如何选择跑步鞋：选购要点与横向对比')).toEqual(['如何选择跑步鞋：选购要点与', '横向对比']);
  });
});
