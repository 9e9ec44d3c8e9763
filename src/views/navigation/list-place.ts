import { createContext } from 'react';

/**
 * Set by src/app: a list tells where it stands (its path and the query of the address bar), so that going back to
 * the list's bare path (Save or Cancel of a form, the sidebar) finds it as it was.
 */
export const ListPlaceContext = createContext<(path: string, search: string) => void>(() => {});
