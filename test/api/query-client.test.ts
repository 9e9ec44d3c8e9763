import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../src/api/query-client';

describe('query cache', () => {
  it('drops unused data after 60 seconds and clears on demand', async () => {
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      await client.prefetchQuery({ queryKey: ['companies', 1], queryFn: () => ['Acme'] });
      expect(client.getQueryData(['companies', 1])).toEqual(['Acme']);
      vi.advanceTimersByTime(59_999);
      expect(client.getQueryData(['companies', 1])).toEqual(['Acme']);
      vi.advanceTimersByTime(1);
      expect(client.getQueryData(['companies', 1])).toBeUndefined();

      await client.prefetchQuery({ queryKey: ['users'], queryFn: () => ['Grace'] });
      client.clear();
      expect(client.getQueryData(['users'])).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
