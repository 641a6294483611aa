/**
 * Tab labels wrap between words at 200 % text instead of pushing the page sideways (WCAG 1.4.10); the
 * tab list itself wraps a tab that does not fit onto the next row.
 */
export const wrappingTabs = { tab: { whiteSpace: 'normal' } } as const;
