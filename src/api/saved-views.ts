import type { KyInstance } from 'ky';
import type { Page } from '../domain/resource';
import type { SavedView, SavedViewDraft } from '../domain/saved-views';
import { call } from './http';
import { idempotencyHeaders } from './idempotency';

/** `/saved-views` (issue 29): the user's own views of a list; never cached, a save or delete answers at once. */
export const createSavedViewsApi = (http: KyInstance) => ({
  list: (list: string) => call<Page<SavedView>>(http.get('saved-views', { searchParams: { list } })),
  /** A save with its key: a repeat of the same save (a lost answer) answers the first view instead of a 409. */
  save: (draft: SavedViewDraft, key: string) =>
    call<SavedView>(http.post('saved-views', { json: draft, headers: idempotencyHeaders(key) })),
  /** A view's new name; a name the list has already: 409. */
  rename: (id: string, name: string) => call<SavedView>(http.put(`saved-views/${encodeURIComponent(id)}`, { json: { name } })),
  remove: async (id: string) => {
    await call<unknown>(http.delete(`saved-views/${encodeURIComponent(id)}`));
  },
});

export type SavedViewsApi = ReturnType<typeof createSavedViewsApi>;
