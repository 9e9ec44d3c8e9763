import { Type, type Static, type TProperties, type TString } from 'typebox';
import { bulkActionNames, bulkParamsOf, MAX_BULK_ROWS, type BulkActionName } from './bulk-limits';
import { OneOf, Uuid } from './common.schemas';

export { bulkActionNames, MAX_BULK_ROWS, type BulkActionName };

/** The schema of each parameter an action may take (`bulkActionParams`). */
const bulkParamSchemas = {
  groupId: Type.Optional(Uuid),
  planId: Type.Optional(Uuid),
  dueDate: Type.Optional(Type.String({ format: 'date-time', description: 'assignPlan: when the learners must have completed the plan' })),
};

/** The parameters any of `actions` takes, each optional in the schema (the route checks which one an action needs). */
const paramsOf = (actions: readonly BulkActionName[]) =>
  Object.fromEntries(actions.flatMap(bulkParamsOf).map((name) => [name, bulkParamSchemas[name]])) as typeof bulkParamSchemas;

/**
 * `POST {resource}/bulk`: an action on the rows named by `ids`, or on every row the list's `query` matches (its
 * search and filters, as the list sends them), never both.
 */
export function bulkBody<const Actions extends readonly BulkActionName[], Filters extends TProperties>(
  title: string,
  actions: Actions,
  filters: Filters,
) {
  return Type.Object(
    {
      action: OneOf(actions),
      ...paramsOf(actions),
      ids: Type.Optional(Type.Array(Uuid, { minItems: 1, maxItems: MAX_BULK_ROWS, description: `At most ${MAX_BULK_ROWS}` })),
      query: Type.Optional(
        Type.Object(
          { search: Type.Optional(Type.String({ maxLength: 100 })), ...filters },
          { additionalProperties: false, description: `The list's search and filters; at most ${MAX_BULK_ROWS} rows may match` },
        ),
      ),
    },
    { additionalProperties: false, title: `${title}BulkBody` },
  );
}

/** A row the action left alone, and why (`code` as the one-row route would answer it: `NOT_FOUND`, `OWN_USER`…). */
export const BulkSkip = Type.Object({ id: Uuid, code: Type.String(), message: Type.String() }, { title: 'BulkSkip' });

/** What a bulk action did: every row asked for either succeeded or is listed as skipped with its reason. */
export const BulkResult = Type.Object(
  {
    action: OneOf(bulkActionNames),
    requested: Type.Integer({ minimum: 0 }),
    succeeded: Type.Integer({ minimum: 0 }),
    skipped: Type.Array(BulkSkip),
  },
  { title: 'BulkResult' },
);

/** A bulk request as the console sends it: its query holds the list's search and filters, all texts. */
export type BulkRequestBody = Static<ReturnType<typeof bulkBody<typeof bulkActionNames, Record<string, TString>>>>;

/**
 * `POST {resource}/export` (issue 29): the CSV of the rows selected by id, as many as a bulk action may name; an id
 * outside the caller's reach (another company's, or gone) is simply not in the file. Every row a list's search and
 * filters match ("Select all N") is the list's own export, `GET {resource}/export`.
 */
export function exportSelectionBody(title: string) {
  return Type.Object(
    { ids: Type.Array(Uuid, { minItems: 1, maxItems: MAX_BULK_ROWS, description: `The selected rows' ids, at most ${MAX_BULK_ROWS}` }) },
    { additionalProperties: false, title: `${title}ExportSelectionBody` },
  );
}

/** The body of an export of selected rows, as the console sends it. */
export type ExportSelectionBody = Static<ReturnType<typeof exportSelectionBody>>;
