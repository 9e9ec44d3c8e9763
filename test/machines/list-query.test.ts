import { describe, expect, it } from 'vitest';
import { listFields } from '../../src/domain/resource';
import { normalizeQuery, readFilters, sameQuery, toSearch, withFilters } from '../../src/machines/list-query';

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

describe('the filters an address holds (issue 29)', () => {
  const users = listFields.users.filters;
  const company = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

  it('reads the declared filters with values they take, in their declared order', () => {
    expect(readFilters(`enabled=false&companyId=${company.toUpperCase()}&status=PENDING&scope=COMPANY`, users, 'TENANT')).toEqual({
      status: 'PENDING',
      scope: 'COMPANY',
      enabled: 'false',
      companyId: company,
    });
    expect(Object.keys(readFilters(`companyId=${company}&status=ACTIVE`, users, 'GLOBAL'))).toEqual(['status', 'companyId']);
  });

  it.each([
    ['an unknown filter', 'favourite=1&page=2&search=x&constructor=1&__proto__=1'],
    ['an unknown value', 'status=ARCHIVED&scope=root&enabled=yes'],
    ['a value in another case', 'status=active&enabled=TRUE'],
    ['a reference that is no id', 'companyId=acme&groupId=1'],
    ['a NUL character', 'status=ACTIVE%00&companyId=%00'],
    ['a repeated filter', 'status=ACTIVE&status=PENDING'],
    ['a huge value', `status=${'A'.repeat(100_000)}`],
    ['unicode', 'status=%C3%84CTIVE&scope=%F0%9F%98%80'],
    ['broken percent-encoding', 'status=%E0%A4%A&scope=%'],
    ['an empty value', 'status=&enabled=%20'],
  ])('leaves out %s, never failing', (_, search) => {
    expect(readFilters(search, users, 'GLOBAL')).toEqual({});
  });

  it("leaves out a filter not offered to the user's scope", () => {
    expect(readFilters(`companyId=${company}&groupId=${company}`, users, 'COMPANY')).toEqual({ groupId: company });
    expect(readFilters(`companyId=${company}&groupId=${company}`, users, 'TENANT')).toEqual({ companyId: company });
  });

  it('reads a country only as an assigned code', () => {
    const companies = listFields.companies.filters;
    expect(readFilters('countryCode=IT', companies, 'TENANT')).toEqual({ countryCode: 'IT' });
    expect(readFilters('countryCode=ZZ', companies, 'TENANT')).toEqual({});
    expect(readFilters('countryCode=it', companies, 'TENANT')).toEqual({});
  });

  it('writes other filters into the address on the first page, keeping its size, sort and search', () => {
    const search = 'page=4&pageSize=25&sortBy=name&sortOrder=desc&search=ros&status=PENDING&scope=TENANT&other=kept';
    const next = new URLSearchParams(withFilters(search, users, { status: 'ACTIVE', scope: '', toString: 'x' }));
    expect(Object.fromEntries(next)).toEqual({
      page: '1',
      pageSize: '25',
      sortBy: 'name',
      sortOrder: 'desc',
      search: 'ros',
      status: 'ACTIVE',
      other: 'kept',
    });
  });
});
