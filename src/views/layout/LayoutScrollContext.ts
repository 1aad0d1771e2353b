import { createContext } from 'react';

/**
 * The element that scrolls when the whole layout scrolls (header or menu not fixed), for the pages'
 * PageScroller to remember its offset; null when each page scrolls in its own area.
 */
export const LayoutScrollContext = createContext<HTMLElement | null>(null);
