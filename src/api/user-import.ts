import type { KyInstance } from 'ky';
import type { UserImportBody, UserImportResponse } from '../../contract/user-import.schemas';
import { call } from './http';
import { idempotencyHeaders } from './idempotency';

/** The CSV import's one call (`POST /api/users/import`): a batch of rows, checked only (`dryRun`) or imported with its key. */
export function createUserImportApi(http: KyInstance) {
  return {
    importBatch: (body: UserImportBody, idempotencyKey?: string) =>
      call<UserImportResponse>(http.post('users/import', { json: body, headers: idempotencyHeaders(idempotencyKey) })),
  };
}

export type UserImportApi = ReturnType<typeof createUserImportApi>;
