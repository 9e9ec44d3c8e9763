import type { Failure } from '../../src/domain/failure';
import type { ParsedTable, RowResult } from '../../src/machines/user-import-rows';

/** A file of three rows under an English header: line 3 has no email, lines 2 and 4 are good. */
export const threeRows: ParsedTable = {
  headers: ['Name', 'Surname', 'E-mail', 'Company'],
  rows: [
    ['Anna', 'Neri', 'anna.neri@example.com', 'Acme Robotics S.p.A.'],
    ['Bruno', 'Gialli', '', ''],
    ['Carla', 'Blu', 'carla.blu@example.com', ''],
  ],
};

export const created = (line: number): RowResult => ({ line, outcome: 'created' });
export const offline: Failure = { kind: 'network', status: 'FETCH_ERROR' };
export const notCsv: Failure = { kind: 'parse', status: 'PARSING_ERROR' };
