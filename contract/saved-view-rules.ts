// Saved views (issue 29): the rules the console and the API share (plain values, no schema code in the console's bundle).

/** How many views one user may keep per list (and tenant acted in). */
export const savedViewsPerList = 50;
export const savedViewNameMaxLength = 100;
export const savedViewQueryMaxLength = 2000;

/**
 * The query string a view keeps of an address's search (`?sortBy=name&page=3`): every parameter but the page (a view
 * opens on page 1), without `?`. The console saves it so, and the API keeps it so whatever it is sent.
 */
export function savedViewQuery(search: string) {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  params.delete('page');
  return params.toString();
}
