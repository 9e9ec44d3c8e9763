import type { KyInstance } from 'ky';
import type { ExportSelectionBody } from '../../contract/bulk.schemas';
import type { ListRequest, ResourceName } from '../domain/resource';
import { toFailure } from './http';

/** A file the API answered: its bytes and the name it suggests (Content-Disposition). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The name of `Content-Disposition: attachment; filename="…"`, else `fallback`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const name = /filename="([^"]+)"/.exec(disposition ?? '')?.[1];
  return name && !/[\\/]/.test(name) ? name : fallback;
}

/**
 * `GET /{resource}/export` (and a list's own export address, such as a plan's learners'): every row of a list with its
 * search, sort and filters, as CSV with headers in `language`. With `ids`, `POST /{resource}/export`: only those rows
 * (a selection, issue 29), in the list's sort; the ids travel in the body, never in a long address.
 */
export function createExportApi(http: KyInstance) {
  const exportAt = async (
    path: string,
    fallbackName: string,
    { query, filters }: ListRequest,
    language: string,
    ids?: string[],
  ): Promise<DownloadedFile> => {
    const order = { ...(query.sortBy ? { sortBy: query.sortBy } : {}), sortOrder: query.sortOrder };
    const headers = { accept: 'text/csv' };
    try {
      const response = ids
        ? await http.post(path, { searchParams: { ...order, lang: language }, json: { ids } satisfies ExportSelectionBody, headers })
        : await http.get(path, {
            searchParams: { ...order, ...(query.search ? { search: query.search } : {}), ...filters, lang: language },
            headers,
          });
      return { blob: await response.blob(), fileName: attachmentName(response.headers.get('content-disposition'), fallbackName) };
    } catch (error) {
      throw await toFailure(error);
    }
  };
  return {
    exportCsv: (resource: ResourceName, request: ListRequest, language: string, ids?: string[]) =>
      exportAt(`${resource}/export`, `${resource}.csv`, request, language, ids),
    /** A plan's learners (issue 27), with the learners list's search, sort and status. */
    exportLearners: (planId: string, request: ListRequest, language: string) =>
      exportAt(`training-plans/${encodeURIComponent(planId)}/enrolments/export`, 'learners.csv', request, language),
  };
}

export type ExportApi = ReturnType<typeof createExportApi>;
