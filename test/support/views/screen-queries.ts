import { screen, within } from '@testing-library/react';

/** What the console's notifications say, top to bottom. */
export const notificationTexts = () =>
  within(screen.getByTestId('notifications'))
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);

/** The message under a field (its helper text, named by `aria-describedby`). */
export const messageOf = (input: HTMLInputElement) => {
  const describedBy = input.getAttribute('aria-describedby');
  return describedBy ? document.getElementById(describedBy)?.textContent : undefined;
};

/** The grid's rows of data, header left out; `hidden: true` only skips the visibility check, slow on a whole grid in jsdom. */
export const dataRows = () => screen.getAllByRole('row', { hidden: true }).slice(1);

/** A row's cells of data: a selectable list's checkbox cell is left out. */
export const dataCells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('gridcell', { hidden: true })
    .filter((cell) => cell.getAttribute('data-field') !== '__check__');

/** The texts of a row's cells of data. */
export const cellTexts = (row: HTMLElement) => dataCells(row).map((cell) => cell.textContent);
