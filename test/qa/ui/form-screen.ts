import { screen, within } from '@testing-library/react';
import type { Failure } from '../../../src/domain/failure';

/** The reason phrase the API's error body carries for each status it answers (docs/api-contract.md, "Errors"). */
const reasons: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
};

/** The API's error answer that the HTTP client and API module turn into `failure`. */
export const errorAnswer = (failure: Failure): [number, unknown] => {
  if (failure.kind !== 'http') throw new Error(`an HTTP failure is expected, not ${failure.kind}`);
  const { status, message = '', errors } = failure;
  return [status, { statusCode: status, error: reasons[status] ?? 'Error', message, ...(errors && { errors }) }];
};

export const dialog = () => screen.getByRole('dialog');
export const dialogButton = (name: string) => within(dialog()).getByRole<HTMLButtonElement>('button', { name });
export const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name, hidden: true });
export { notificationTexts } from '../../support/views/screen-queries';
