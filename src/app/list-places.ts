/**
 * Where each list stands (page, size, sort, search: the query of its address): going to a list's bare path, as
 * Save, Cancel, Delete of a form and the sidebar do, leads to the list as the user left it.
 */
export function createListPlaces() {
  const places = new Map<string, string>();
  return {
    remember: (path: string, search: string) => void places.set(path, search),
    /** `to` with its list's last query when it is a list's bare path; as it is otherwise. */
    resolve: (to: string) => {
      if (to.includes('?') || to.includes('#')) return to;
      const search = places.get(to);
      return search ? `${to}?${search}` : to;
    },
  };
}

export type ListPlaces = ReturnType<typeof createListPlaces>;
