import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ListQuery } from '../../domain/resource';
import { normalizeQuery, type RawListQuery } from '../../machines/list-query';
import { selectQuery, type ListInput, type listMachine } from '../../machines/list.machine';
import { useConsoleActorRef } from '../actors';

/** The list query as the address bar holds it: `?page=2&pageSize=25&sortBy=name&sortOrder=desc&search=acme`. */
export function readQuery(search: string): RawListQuery {
  const params = new URLSearchParams(search);
  return {
    page: params.get('page'),
    pageSize: params.get('pageSize'),
    sortBy: params.get('sortBy'),
    sortOrder: params.get('sortOrder'),
    search: params.get('search'),
  };
}

export function writeQuery({ page, pageSize, sortBy, sortOrder, search }: ListQuery): string {
  return new URLSearchParams({
    page: String(page),
    pageSize: String(pageSize),
    ...(sortBy ? { sortBy } : {}),
    sortOrder,
    ...(search ? { search } : {}),
  }).toString();
}

/**
 * A list actor whose query lives in the address bar: it starts from it, follows it (back, forward, a pasted
 * link) and writes every change of its own there as a new history entry.
 */
export function useListInAddressBar(
  machine: typeof listMachine,
  allowedSorts: readonly string[],
  settings: Omit<ListInput, 'allowedSorts' | 'query'> = {},
) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const actor = useConsoleActorRef(machine, { input: { ...settings, allowedSorts, query: readQuery(search) } });
  const query = useSelector(actor, selectQuery);
  const shown = useRef(writeQuery(query));

  useEffect(() => {
    const requested = readQuery(search);
    const address = writeQuery(normalizeQuery(requested, allowedSorts));
    if (address === shown.current) return;
    shown.current = address;
    actor.send({ type: 'list.restore', query: requested });
  }, [actor, search, allowedSorts]);

  useEffect(() => {
    const address = writeQuery(query);
    if (address === shown.current) return;
    shown.current = address;
    navigate(`${location}?${address}`);
  }, [query, location, navigate]);

  return actor;
}
