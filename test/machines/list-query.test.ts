import { describe, expect, it } from 'vitest';
import { normalizeQuery, sameQuery, toSearch } from '../../src/machines/list-query';

const query = { page: 2, pageSize: 25, sortBy: 'name', sortOrder: 'desc', search: 'acme' } as const;

describe('list query: what the address bar and the search box may hold', () => {
  it('cuts a search to the 100 characters the API takes, once trimmed', () => {
    expect(toSearch(`  ${'a'.repeat(120)}  `)).toBe('a'.repeat(100));
    expect(toSearch('  acme ')).toBe('acme');
  });

  it('takes a page or a page size only when the whole text is a positive number', () => {
    expect(normalizeQuery({ page: '3abc', pageSize: '25px' }, [])).toMatchObject({ page: 1, pageSize: 10 });
    expect(normalizeQuery({ page: '3', pageSize: '25' }, [])).toMatchObject({ page: 3, pageSize: 25 });
  });

  it('tells queries apart by each of their parts', () => {
    expect(sameQuery(query, { ...query })).toBe(true);
    for (const change of [{ page: 3 }, { pageSize: 50 }, { sortBy: 'email' }, { sortOrder: 'asc' as const }, { search: 'acme srl' }]) {
      expect(sameQuery(query, { ...query, ...change }), JSON.stringify(change)).toBe(false);
    }
  });
});
