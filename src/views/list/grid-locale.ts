import type { GridLocaleText } from '@mui/x-data-grid';
import { enUS, itIT } from '@mui/x-data-grid/locales';
import type { TFunction } from 'i18next';

const gridLocales: Record<string, Partial<GridLocaleText>> = {
  en: enUS.components.MuiDataGrid.defaultProps.localeText,
  it: itIT.components.MuiDataGrid.defaultProps.localeText,
};

const pageButtonKeys = { first: 'list.firstPage', last: 'list.lastPage', previous: 'list.previousPage', next: 'list.nextPage' } as const;

/** The grid's own texts in the console's language, with our paging labels ("1–10 of 23", "of about N"). */
export function gridLocaleText(t: TFunction, language: string, totalIsEstimate: boolean): Partial<GridLocaleText> {
  const format = (value: number) => value.toLocaleString(language);
  return {
    ...(gridLocales[language] ?? gridLocales.en),
    noRowsLabel: t('list.empty'),
    paginationRowsPerPage: t('list.rowsPerPage'),
    paginationDisplayedRows: ({ from, to, count }) =>
      t(totalIsEstimate ? 'list.displayedRowsAbout' : 'list.displayedRows', { from: format(from), to: format(to), count: format(count) }),
    paginationItemAriaLabel: (type) => t(pageButtonKeys[type]),
  };
}
