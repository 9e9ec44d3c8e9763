import type { FieldError as WireFieldError } from '../../contract/errors.schemas';

/** What the API said was wrong with one field; `rule` (and its `params`) name it in a way the console can translate. */
export type FieldError = Omit<WireFieldError, 'rule'> & Partial<Pick<WireFieldError, 'rule'>>;

/** Why a call failed, as data; views turn it into text. */
export type Failure =
  | {
      kind: 'http';
      status: number;
      /** The API's English words: shown only when `code` has no translation. */
      message?: string;
      /** The API's stable name for the error (`INVALID_CREDENTIALS`), and the values its text names. */
      code?: string;
      params?: Record<string, string | number>;
      errors?: FieldError[];
      /** When a refused request may be tried again (epoch milliseconds), from the answer's `Retry-After`. */
      retryAt?: number;
    }
  | { kind: 'timeout'; status: 'TIMEOUT_ERROR' }
  | { kind: 'network'; status: 'FETCH_ERROR' }
  | { kind: 'parse'; status: 'PARSING_ERROR' };
