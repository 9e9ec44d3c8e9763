import { useContext, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ListInput, ListItem, ListMachine } from '../../machines/list.machine';
import { useConsoleActorRef } from '../actors';
import { ListPlaceContext } from '../navigation/list-place';
import { readQuery } from './read-query';

export { readQuery };

/**
 * A list actor whose query lives in the address bar: it starts from it and follows it (back, forward, a pasted
 * link); the list machine itself leads to the address of every change the user makes (its `path` is this page).
 */
export function useListInAddressBar<Row extends ListItem>(
  machine: ListMachine<Row>,
  allowedSorts: readonly string[],
  settings: Omit<ListInput, 'allowedSorts' | 'query' | 'path'> = {},
) {
  const search = useSearch();
  const [path] = useLocation();
  const actor = useConsoleActorRef(machine, { input: { ...settings, allowedSorts, query: readQuery(search), path } });
  // The list's own changes come back as the query it already has, which it ignores.
  useEffect(() => actor.send({ type: 'list.restore', query: readQuery(search) }), [actor, search]);
  const rememberPlace = useContext(ListPlaceContext);
  useEffect(() => rememberPlace(path, search), [rememberPlace, path, search]);
  return actor;
}
