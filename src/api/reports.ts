import type { KyInstance } from 'ky';
import type { ListRequest, Page } from '../domain/resource';
import type { ReportName, ReportRows } from '../domain/reports';
import { call } from './http';
import { listSearchParams } from './resources';

/** `GET reports/{name}`: a completion report, a page at a time; always asked afresh (learners move it at any time). */
export const createReportsApi = (http: KyInstance) => ({
  list: <Name extends ReportName>(name: Name, request: ListRequest) =>
    call<Page<ReportRows[Name]>>(http.get(`reports/${name}`, { searchParams: listSearchParams(request) })),
});

export type ReportsApi = ReturnType<typeof createReportsApi>;
