export interface FieldError {
  field: string;
  message: string;
}

/** Why a call failed, as data; views turn it into text. */
export type Failure =
  | { kind: 'http'; status: number; message?: string; errors?: FieldError[] }
  | { kind: 'timeout'; status: 'TIMEOUT_ERROR' }
  | { kind: 'network'; status: 'FETCH_ERROR' }
  | { kind: 'parse'; status: 'PARSING_ERROR' };
