import { useRef, type PointerEvent } from 'react';
import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SidebarSide } from './sidebarSide';

const MIN_WIDTH = 120;
const MAX_WIDTH = 400;

/**
 * The sidebar's inner edge (towards the page: its right edge, its left one when the sidebar sits at
 * the right): dragging it sets the menu width (menu setting canDrag), saved on release.
 */
export function MenuDragHandle({ width, onResize, side }: { width: number; onResize: (width: number) => void; side: SidebarSide }) {
  const { t } = useTranslation();
  const start = useRef<{ x: number; width: number } | null>(null);
  const sidebarOf = (element: Element) => element.parentElement as HTMLElement;
  // Dragging towards the page widens the sidebar: rightwards at the left edge, leftwards at the right one.
  const widthAt = (event: PointerEvent) => {
    if (!start.current) return width;
    const moved = (event.clientX - start.current.x) * (side === 'left' ? 1 : -1);
    return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, start.current.width + moved)));
  };
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={t('layout.menu.resize')}
      aria-valuenow={width}
      position="absolute"
      top="0"
      insetEnd={side === 'left' ? '-3px' : undefined}
      insetStart={side === 'right' ? '-3px' : undefined}
      w="6px"
      h="full"
      cursor="col-resize"
      zIndex="3"
      _hover={{ bg: 'brand.solid/40' }}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        start.current = { x: event.clientX, width };
        sidebarOf(event.currentTarget).style.transition = 'none';
      }}
      onPointerMove={(event) => {
        if (start.current) sidebarOf(event.currentTarget).style.width = `${widthAt(event)}px`;
      }}
      onPointerUp={(event) => {
        if (!start.current) return;
        const next = widthAt(event);
        start.current = null;
        const sidebar = sidebarOf(event.currentTarget);
        sidebar.style.transition = '';
        sidebar.style.width = '';
        onResize(next);
      }}
    />
  );
}
