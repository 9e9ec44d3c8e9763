import type { Static } from 'typebox';
import type { SavedViewBody, SavedView as WireSavedView } from '../../contract/saved-views.schemas';

export { savedViewQuery } from '../../contract/saved-view-rules';

/** A user's saved view of a list (issue 29): a name for the list's address, opened on its first page. */
export type SavedView = Static<typeof WireSavedView>;

/** What a save sends: the list's path, the name as typed, and the address's query string. */
export type SavedViewDraft = Static<typeof SavedViewBody>;

/** The address a view opens: its list with its query, on the first page (the view keeps no page). */
export const savedViewAddress = (view: Pick<SavedView, 'list' | 'query'>) => (view.query ? `${view.list}?${view.query}` : view.list);
