/** The look of a column of the sidebar (the menu, the mix layout's sections and their pages): the menu's colours, full height. */
export function sidebarColumnStyle(bgColor: string) {
  return {
    display: 'flex',
    flexDirection: 'column',
    h: 'full',
    bg: bgColor,
    color: 'sidebar.fg',
    borderColor: 'sidebar.border',
  } as const;
}
