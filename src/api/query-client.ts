import { QueryClient } from '@tanstack/query-core';

/** Cached data is dropped 60 s after it becomes unused. */
export const UNUSED_DATA_TTL_MS = 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { gcTime: UNUSED_DATA_TTL_MS, retry: false } },
  });
}
