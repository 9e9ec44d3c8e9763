import type { TFunction } from 'i18next';

/** The paging buttons' labels, the grid's and History's. */
export const pageButtonKeys = {
  first: 'list.firstPage',
  last: 'list.lastPage',
  previous: 'list.previousPage',
  next: 'list.nextPage',
} as const;

/**
 * The paging texts of a MUI `TablePagination` outside a grid (History), the same as the grid's. Apart from the grid's
 * locale module (`grid-locale.ts`): History is drawn by screens that load before the grid's code, and must not wait
 * for it.
 */
export const tablePaginationTexts = (t: TFunction) => ({
  labelRowsPerPage: t('list.rowsPerPage'),
  labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) => t('list.displayedRows', { from, to, count }),
  getItemAriaLabel: (type: keyof typeof pageButtonKeys) => t(pageButtonKeys[type]),
});
