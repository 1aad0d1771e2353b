import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Box } from '@chakra-ui/react';

/**
 * A page's own scrolling area. A kept-alive tab is hidden with `display: none`, which forgets the
 * scroll offset; this remembers it and puts it back when the tab shows again. It is a flex column,
 * so a page that fills the area (the iframe page) grows to its height with `flex="1"`.
 */
export function PageScroller({ children }: { children: ReactNode }) {
  const element = useRef<HTMLDivElement>(null);
  const offset = useRef(0);
  // Layout effects run again each time a hidden <Activity> is shown.
  useLayoutEffect(() => {
    if (element.current) element.current.scrollTop = offset.current;
  }, []);
  return (
    <Box
      ref={element}
      h="full"
      display="flex"
      flexDirection="column"
      overflowY="auto"
      overflowX="hidden"
      p={{ base: '3', md: '4' }}
      data-testid="page-scroller"
      onScroll={(event) => {
        offset.current = event.currentTarget.scrollTop;
      }}
    >
      {children}
    </Box>
  );
}
