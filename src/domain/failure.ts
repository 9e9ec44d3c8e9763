import type { FieldError } from '../../contract/errors.schemas';

export type { FieldError };

/** Why a call failed, as data; views turn it into text. */
export type Failure =
  | {
      kind: 'http';
      status: number;
      message?: string;
      errors?: FieldError[];
      /** When a refused request may be tried again (epoch milliseconds), from the answer's `Retry-After`. */
      retryAt?: number;
    }
  | { kind: 'timeout'; status: 'TIMEOUT_ERROR' }
  | { kind: 'network'; status: 'FETCH_ERROR' }
  | { kind: 'parse'; status: 'PARSING_ERROR' };
