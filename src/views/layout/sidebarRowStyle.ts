/** The look of one row of the sidebar (a page link or a section), indented by its depth. */
export function sidebarRowStyle(depth: number) {
  return {
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    h: '10',
    mx: '2',
    my: '0.5',
    ps: `${12 + depth * 20}px`,
    pe: '3',
    rounded: 'md',
    textStyle: 'sm',
    whiteSpace: 'nowrap',
    transition: 'background 0.2s, color 0.2s',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.300' },
  } as const;
}
