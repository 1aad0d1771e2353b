import { useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import { LayoutScrollContext } from '../LayoutScrollContext';

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
    if (!scroller) return;
    scroller.scrollTop = offset.current;
    const remember = () => {
      offset.current = scroller.scrollTop;
    };
    scroller.addEventListener('scroll', remember, { passive: true });
    return () => scroller.removeEventListener('scroll', remember);
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
      {children}
    </Box>
  );
}
