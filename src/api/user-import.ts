import type { KyInstance } from 'ky';
import type { UserImportBody, UserImportResponse } from '../../contract/user-import.schemas';
import { call } from './http';
import { idempotencyHeaders } from './idempotency';

/** One batch of a CSV import (`POST /api/users/import`); a dry run for the preview, or the import with its key. */
export const importUserBatch = (http: KyInstance) => (body: UserImportBody, idempotencyKey?: string) =>
  call<UserImportResponse>(http.post('users/import', { json: body, headers: idempotencyHeaders(idempotencyKey) }));
