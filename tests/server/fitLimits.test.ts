import { describe, expect, it } from 'vitest';
import { fitDescription, fitTitle } from '../../server/domain/generation/fitLimits';

const chars = (s: string) => [...s].length;
const opening =
  'Compost turns kitchen scraps into dark, crumbly soil in about three months. You need a bin, a balance of greens and browns, and a fork to turn it. Keep it as damp as a wrung-out sponge.';

describe('titles and descriptions within what a search result shows', () => {
  it('keeps a title that fits as it is', () => {
    expect(fitTitle('Compost for beginners', 'en')).toBe('Compost for beginners');
    expect(fitTitle('新手堆肥指南', 'zh_CN')).toBe('新手堆肥指南');
  });

  it('drops a subtitle that makes a title too long, or cuts at a word', () => {
    expect(fitTitle('Compost for beginners: everything you need to know about bins, greens, browns and worms', 'en')).toBe(
      'Compost for beginners',
    );
    const cut = fitTitle('How to start composting at home with kitchen scraps leaves coffee grounds and a simple wooden bin', 'en');
    expect(chars(cut)).toBeLessThanOrEqual(65);
    expect('How to start composting at home with kitchen scraps leaves coffee grounds').toContain(cut);
    expect(cut).toMatch(/\w$/);
    const zh = fitTitle('在家里用厨房垃圾、落叶、咖啡渣和一个简单的木箱开始堆肥的完整入门指南以及常见问题的解决办法', 'zh_CN');
    expect(chars(zh)).toBeLessThanOrEqual(30);
    expect(fitTitle('新手堆肥：在家里用厨房垃圾、落叶、咖啡渣和一个简单的木箱开始堆肥的完整入门指南', 'zh_CN')).toBe('新手堆肥');
  });

  it('keeps room for a mark added after', () => {
    expect(
      chars(fitTitle('How to start composting at home with kitchen scraps leaves coffee grounds and a simple wooden bin', 'en', 4)),
    ).toBeLessThanOrEqual(61);
  });

  it('ends a long description at its last whole sentence within the range', () => {
    const long =
      'Learn how to compost at home with a simple bin and kitchen scraps. This guide covers greens and browns, moisture and turning. It also answers the questions beginners ask most often about smells and pests.';
    const fitted = fitDescription(long, opening, 'en');
    expect(fitted).toBe(
      'Learn how to compost at home with a simple bin and kitchen scraps. This guide covers greens and browns, moisture and turning.',
    );
    expect(chars(fitted)).toBeGreaterThanOrEqual(120);
    expect(chars(fitted)).toBeLessThanOrEqual(160);
  });

  it('cuts one long sentence at a word, with an ellipsis', () => {
    const fitted = fitDescription(`Learn ${'how to compost at home '.repeat(12)}today`, opening, 'en');
    expect(chars(fitted)).toBeLessThanOrEqual(160);
    expect(fitted).toMatch(/\w…$/);
  });

  it("completes a short description from the article's opening", () => {
    const fitted = fitDescription('A beginner’s guide to compost.', opening, 'en');
    expect(fitted.startsWith('A beginner’s guide to compost. Compost turns kitchen scraps')).toBe(true);
    expect(chars(fitted)).toBeGreaterThanOrEqual(120);
    expect(chars(fitted)).toBeLessThanOrEqual(160);
    const zh = fitDescription(
      '新手堆肥指南。',
      '堆肥能在三个月左右把厨房垃圾变成松软的黑土。你需要一个堆肥箱、绿色和棕色材料的平衡，以及一把翻堆的叉子。保持像拧干的海绵一样湿润。每周翻一次，气味就会消失。',
      'zh_CN',
    );
    expect(chars(zh)).toBeGreaterThanOrEqual(50);
    expect(chars(zh)).toBeLessThanOrEqual(80);
    expect(zh.startsWith('新手堆肥指南。堆肥能')).toBe(true);
  });
});
