/** The header's height (LayoutHeader): a sticky bar below it keeps clear of it. */
export const HEADER_HEIGHT_PX = 48;

/** How the shell scrolls, from the header's and the menu's `fixed` settings. */
export interface LayoutScrolling {
  /**
   * The whole layout scrolls, so what is not fixed scrolls away with the page. False when the
   * header and menu are both fixed: then only the page area scrolls (each page in its own
   * PageScroller), as it always did.
   */
  wholeLayout: boolean;
  /** The header stays at the top of the scrolling layout. */
  stickyHeader: boolean;
  /**
   * The sidebar stays put, one window high, at the top of the scrolling layout (a header that
   * stays too means the layout does not scroll as a whole: the header above it is not fixed).
   */
  stickySidebar: boolean;
}

interface LayoutScrollingInput {
  headerFixed: boolean;
  menuFixed: boolean;
  /** A sidebar column is shown (not for the top menu, nor on mobile, whose menu is a drawer). */
  hasSidebar: boolean;
}

/**
 * vben-admin's `fixed`: a fixed header stays at the top while the page scrolls, a fixed menu stays
 * put; not fixed, they scroll away with the page. A part can scroll away only when the layout
 * scrolls as a whole, so that is what any `false` turns on; the fixed part then stays by
 * `position: sticky`.
 */
export function layoutScrollingOf({ headerFixed, menuFixed, hasSidebar }: LayoutScrollingInput): LayoutScrolling {
  const wholeLayout = !headerFixed || (hasSidebar && !menuFixed);
  return { wholeLayout, stickyHeader: wholeLayout && headerFixed, stickySidebar: wholeLayout && hasSidebar && menuFixed };
}
