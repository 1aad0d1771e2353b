import { describe, expect, it } from 'vitest';
import { layoutScrollingOf } from '../../src/views/layout/layoutScrolling';

describe('what scrolls, from the header’s and menu’s fixed settings', () => {
  it('both fixed: the page scrolls alone in its area', () => {
    expect(layoutScrollingOf({ headerFixed: true, menuFixed: true, hasSidebar: true })).toEqual({
      wholeLayout: false,
      stickyHeader: false,
      stickySidebar: false,
    });
  });

  it('header not fixed: the layout scrolls, the header goes, a fixed sidebar stays', () => {
    expect(layoutScrollingOf({ headerFixed: false, menuFixed: true, hasSidebar: true })).toEqual({
      wholeLayout: true,
      stickyHeader: false,
      stickySidebar: true,
    });
  });

  it('menu not fixed: the layout scrolls, the sidebar goes, the header stays', () => {
    expect(layoutScrollingOf({ headerFixed: true, menuFixed: false, hasSidebar: true })).toEqual({
      wholeLayout: true,
      stickyHeader: true,
      stickySidebar: false,
    });
  });

  it('neither fixed: both go with the page', () => {
    expect(layoutScrollingOf({ headerFixed: false, menuFixed: false, hasSidebar: true })).toEqual({
      wholeLayout: true,
      stickyHeader: false,
      stickySidebar: false,
    });
  });

  it('without a sidebar (top menu, mobile) only the header’s setting counts', () => {
    expect(layoutScrollingOf({ headerFixed: true, menuFixed: false, hasSidebar: false }).wholeLayout).toBe(false);
    expect(layoutScrollingOf({ headerFixed: false, menuFixed: true, hasSidebar: false })).toEqual({
      wholeLayout: true,
      stickyHeader: false,
      stickySidebar: false,
    });
  });
});
