import type { KyInstance } from 'ky';
import type { ActivityEntry } from '../domain/activity';
import type { ListRequest, Page } from '../domain/resource';
import { call } from './http';
import { listSearchParams } from './resources';

/** `GET /activity`: the audit log, a page at a time; always asked afresh (a record's history changes with every save). */
export const createActivityApi = (http: KyInstance) => ({
  list: (request: ListRequest) => call<Page<ActivityEntry>>(http.get('activity', { searchParams: listSearchParams(request) })),
});

export type ActivityApi = ReturnType<typeof createActivityApi>;
