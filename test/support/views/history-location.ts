import { useSyncExternalStore } from 'react';

interface NavigateOptions {
  replace?: boolean;
}

/** A wouter location with a browser-like history: entries, back and forward, for tests in jsdom. */
export function historyLocation(path: string) {
  let entries = [path];
  let index = 0;
  let listeners: Array<() => void> = [];
  const current = () => entries[index]!;
  const notify = () => listeners.forEach((listener) => listener());
  const subscribe = (listener: () => void) => {
    listeners = [...listeners, listener];
    return () => {
      listeners = listeners.filter((other) => other !== listener);
    };
  };

  const navigate = (to: string, { replace = false }: NavigateOptions = {}) => {
    if (replace) entries[index] = to;
    else {
      entries = [...entries.slice(0, index + 1), to];
      index += 1;
    }
    notify();
  };
  const go = (delta: number) => {
    index = Math.min(Math.max(index + delta, 0), entries.length - 1);
    notify();
  };

  const useLocation = (): [string, typeof navigate] => [useSyncExternalStore(subscribe, () => current().split('?')[0]!), navigate];
  const useSearch = () => useSyncExternalStore(subscribe, () => current().split('?')[1] ?? '');

  return {
    hook: useLocation,
    searchHook: useSearch,
    navigate,
    back: () => go(-1),
    forward: () => go(1),
    /** The address shown now, with its query string. */
    current,
    entries: () => [...entries],
  };
}
