import type { KeyValueStore } from '../../src/api/storage';

/** A localStorage stand-in whose entries the test can read. */
export function memoryStore(entries: Record<string, string> = {}): KeyValueStore & { entries: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    entries: map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}
