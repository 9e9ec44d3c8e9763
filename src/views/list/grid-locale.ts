import type { GridLocaleText } from '@mui/x-data-grid';
import { enUS, itIT } from '@mui/x-data-grid/locales';
import type { TFunction } from 'i18next';
import { pageButtonKeys } from './paging-texts';

const gridLocales: Record<string, Partial<GridLocaleText>> = {
  en: enUS.components.MuiDataGrid.defaultProps.localeText,
  it: itIT.components.MuiDataGrid.defaultProps.localeText,
};

/** The grid's own texts in the console's language, with our paging labels ("1–10 of 23", "of about N"). */
export function gridLocaleText(t: TFunction, language: string, totalIsEstimate: boolean): Partial<GridLocaleText> {
  return {
    ...(gridLocales[language] ?? gridLocales.en),
    noRowsLabel: t('list.empty'),
    paginationRowsPerPage: t('list.rowsPerPage'),
    paginationDisplayedRows: ({ from, to, count }) =>
      // The texts format the numbers in the language (`{{count, number}}`).
      t(totalIsEstimate ? 'list.displayedRowsAbout' : 'list.displayedRows', { from, to, count }),
    paginationItemAriaLabel: (type) => t(pageButtonKeys[type]),
    // MUI's own writes the count in the browser's locale, not the page's.
    footerRowSelected: (count) => t('list.rowsSelected', { count }),
  };
}
