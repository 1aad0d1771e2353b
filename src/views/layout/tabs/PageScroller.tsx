import { useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import { LayoutScrollContext } from '../LayoutScrollContext';
import { PageContent } from './PageContent';

/** How long a page shown again holds its offset once put back, while it may still shrink and grow. */
const SETTLE_MS = 1000;

/**
 * A page's scrolling area. A kept-alive tab is hidden with `display: none`, which forgets the
 * scroll offset; this remembers it and puts it back when the tab shows again. It is a flex column,
 * so a page that fills the area (the iframe page) grows to its height with `flex="1"`.
 *
 * When the whole layout scrolls (header or menu not fixed, see layoutScrolling.ts), the page has no
 * scrollbar of its own: it grows with its content, and the offset it remembers is the layout's,
 * while it is on screen. Each tab keeps its own, as with its own scrollbar.
 */
export function PageScroller({ children }: { children: ReactNode }) {
  const element = useRef<HTMLDivElement>(null);
  const layoutScroller = useContext(LayoutScrollContext);
  const offset = useRef(0);
  // Layout effects run again each time a hidden <Activity> is shown (and are cleaned up when it is
  // hidden, before another tab's run), and when the scrolling element changes with the settings.
  useLayoutEffect(() => {
    const scroller = layoutScroller ?? element.current;
    const content = element.current;
    if (!scroller || !content) return;
    // The page may not be as tall yet as when it was left (its charts are redrawn at their size once
    // shown, later on a busy machine): the browser then clamps the offset, so it is put back again
    // as the page grows, until it fits or the user scrolls. Once it fits it is held a moment more:
    // a page shown again may still shrink and grow (a chart redrawn at its size, a list that polls),
    // and the browser's clamp while it is short is not the user's scrolling.
    // A page with its own scrollbar that was left at the top (or is new) is there already: a hidden
    // tab forgets its offset. Putting it back would make the browser lay the page out at once, in
    // the middle of React's commit, and again when the frame is drawn (~20 ms of a menu
    // page's first visit). The layout's own scrollbar is shared with the other tabs: it is put back.
    let wanted: number | null = offset.current === 0 && scroller === content ? null : offset.current;
    let letGo: ReturnType<typeof setTimeout> | undefined;
    const restore = () => {
      if (wanted === null) return;
      scroller.scrollTop = wanted;
      clearTimeout(letGo);
      // Not there yet: the page is too short, so wait for it to grow. The top needs no holding.
      if (Math.abs(scroller.scrollTop - wanted) > 1) return;
      if (wanted === 0) wanted = null;
      else letGo = setTimeout(() => (wanted = null), SETTLE_MS);
    };
    const userScrolls = () => {
      wanted = null;
      clearTimeout(letGo);
    };
    // A press on the scrollbar itself, not the click on a tab that showed this page.
    const userDrags = (event: PointerEvent) => {
      if (event.target === scroller) userScrolls();
    };
    const remember = () => {
      if (wanted === null) offset.current = scroller.scrollTop;
    };
    restore();
    const growing = new ResizeObserver(restore);
    // The page's box grows with it when the layout scrolls; with its own scrollbar, its children do.
    for (const grows of [content, ...content.children]) growing.observe(grows);
    scroller.addEventListener('wheel', userScrolls, { passive: true });
    scroller.addEventListener('touchstart', userScrolls, { passive: true });
    scroller.addEventListener('keydown', userScrolls, { passive: true });
    scroller.addEventListener('pointerdown', userDrags, { passive: true });
    scroller.addEventListener('scroll', remember, { passive: true });
    return () => {
      growing.disconnect();
      clearTimeout(letGo);
      scroller.removeEventListener('wheel', userScrolls);
      scroller.removeEventListener('touchstart', userScrolls);
      scroller.removeEventListener('keydown', userScrolls);
      scroller.removeEventListener('pointerdown', userDrags);
      scroller.removeEventListener('scroll', remember);
    };
  }, [layoutScroller]);
  const ownScrollbar = layoutScroller === null;
  return (
    <Box
      ref={element}
      h={ownScrollbar ? 'full' : undefined}
      flexGrow={ownScrollbar ? undefined : 1}
      display="flex"
      flexDirection="column"
      overflowY={ownScrollbar ? 'auto' : undefined}
      // Only with its own scrollbar: hiding one axis would make the other scroll (CSS turns visible into auto).
      overflowX={ownScrollbar ? 'hidden' : undefined}
      p={{ base: '3', md: '4' }}
      data-testid="page-scroller"
    >
      <PageContent>{children}</PageContent>
    </Box>
  );
}
