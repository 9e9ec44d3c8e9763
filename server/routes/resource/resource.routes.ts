import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import { requireScope } from '../../auth/scope';
import type { Scope } from '../../../contract/values';
import { errorResponses } from '../../../contract/errors.schemas';
import type { OrderedResource, OrderedTable, Parent, Resource, ResourceTable } from '../../store/resource';
import { orderedResourceStore, resourceStore } from '../../store/resource-store';
import type { ListParams } from '../../store/list-page';
import { bodySchemas, exportQuery, exportSelectionQuery, IdParams, listQuery, listResponse } from '../../../contract/common.schemas';
import {
  bulkActionNames,
  bulkBody,
  BulkResult,
  exportSelectionBody,
  MAX_BULK_ROWS,
  type BulkActionName,
  type ExportSelectionBody,
} from '../../../contract/bulk.schemas';
import { ApiError, invalidField } from '../../http/api-error';
import { bulkActionScopes, bulkParamsOf, requiredBulkParams, type BulkParamName, type BulkParams } from '../../../contract/bulk-limits';
import { csvExport, EXPORT_BATCH_SIZE, exportColumns, exportLanguage, exportLanguages } from './csv-export';

interface ById {
  Params: Static<typeof IdParams>;
}

/** 400 for a parameter the bulk action needs and was not sent, or one it does not take. */
function checkBulkParams(action: BulkActionName, params: BulkParams) {
  const taken = bulkParamsOf(action);
  const extra = (Object.keys(params) as BulkParamName[]).find((name) => !taken.includes(name));
  if (extra) throw invalidField(extra, 'notAllowed', `is not taken by ${action}`);
  const missing = requiredBulkParams(action).find((name) => params[name] === undefined);
  if (missing) throw invalidField(missing, 'required', `is required by ${action}`);
}

/** Route hook: the caller's scope must be one of these (403 otherwise), checked before the input is validated. */
export const allow = (scopes: Scope[]) => async (request: FastifyRequest) => requireScope(request.session, ...scopes);

/**
 * The routes of a resource. The scope check runs first, before the request's input is even validated.
 * Inputs are cast to their static types rather than inferred: the schemas are generic here; Fastify validates them.
 */
export function resourceRoutes<
  Table extends ResourceTable,
  Row,
  RecordSchema extends TSchema,
  Body extends TProperties,
  Filters extends TProperties,
>(resource: Resource<Table, Row, RecordSchema, Body, Filters>): FastifyPluginAsync {
  type Write = Static<TObject<Body>>;
  return async (app) => {
    const store = resourceStore(resource, app.listSettings.exactCountLimit, app.storeServices);
    const { title, record, body, filters } = resource.schemas;
    const listed = resource.schemas.listRecord ?? record;
    const { read, write, deletable } = resource.access;
    const bodies = bodySchemas(title, body, resource.partialUpdate);
    const tag = resource.path.slice(1);
    const tags = [tag];

    app.get(
      '',
      {
        onRequest: allow(read),
        schema: {
          summary: `List ${tag}: one page, sorted, searched`,
          tags,
          querystring: listQuery(title, Object.keys(resource.sorts), filters),
          response: { 200: listResponse(title, listed), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const page = await store.list(request.db, request.session, request.query as ListParams & Static<TObject<Filters>>);
        return { ...page, items: page.items.map(resource.toRecord) };
      },
    );

    const columns = exportColumns(listed);
    const csvResponse = {
      200: Type.String({ description: 'CSV (UTF-8 with BOM), a header row in the language asked' }),
      ...errorResponses(400, 401, 403, 429),
    };
    /**
     * Sends the CSV of the rows `readBatch` answers as a download. Bulk work (`http/bulk-work.ts`): one export in
     * flight per session, its rows counted (`rows`) against the session's and tenant's budgets.
     */
    async function sendCsv(
      request: FastifyRequest,
      reply: FastifyReply,
      lang: string | undefined,
      rows: () => Promise<number>,
      readBatch: (batch: number) => Promise<Row[]>,
    ) {
      const language = exportLanguage(lang, request.language([...exportLanguages]));
      const end = await app.bulkWork.begin(request, reply, 'export', rows);
      const records = async (batch: number) => (await readBatch(batch)).map(resource.toRecord) as Record<string, unknown>[];
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${tag}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csvExport(columns, language, records, end));
    }

    app.get(
      '/export',
      {
        onRequest: allow(read),
        schema: {
          summary: `Export ${tag} as CSV: every page of the list with its search, sort and filters, streamed`,
          tags,
          produces: ['text/csv'],
          querystring: exportQuery(title, Object.keys(resource.sorts), filters),
          response: csvResponse,
        },
      },
      async (request, reply) => {
        const { lang, ...query } = request.query as { lang?: string } & Partial<ListParams> & Static<TObject<Filters>>;
        const params = (page: number, pageSize: number, withTotal: boolean) =>
          ({ ...query, page, pageSize, withTotal }) as ListParams & Static<TObject<Filters>>;
        return sendCsv(
          request,
          reply,
          lang,
          // The list's own count.
          async () => (await store.list(request.db, request.session, params(1, 1, true))).total ?? 0,
          async (page) => (await store.list(request.db, request.session, params(page, EXPORT_BATCH_SIZE, false))).items,
        );
      },
    );

    app.post(
      '/export',
      {
        onRequest: allow(read),
        schema: {
          summary: `Export the selected ${tag} as CSV (issue 29): the rows named by ids (at most ${MAX_BULK_ROWS}) in the list's sort, the same columns as the list's export; an id outside the caller's reach is not in the file`,
          tags,
          produces: ['text/csv'],
          querystring: exportSelectionQuery(title, Object.keys(resource.sorts)),
          body: exportSelectionBody(title),
          response: csvResponse,
        },
      },
      async (request, reply) => {
        const { lang, ...order } = request.query as { lang?: string } & Pick<ListParams, 'sortBy' | 'sortOrder'>;
        const ids = [...new Set((request.body as ExportSelectionBody).ids)];
        return sendCsv(
          request,
          reply,
          lang,
          // The rows asked for: at most MAX_BULK_ROWS, counted without reading them.
          async () => ids.length,
          (batch) =>
            store.listByIds(request.db, request.session, ids, order, {
              limit: EXPORT_BATCH_SIZE,
              offset: (batch - 1) * EXPORT_BATCH_SIZE,
            }),
        );
      },
    );

    app.get<ById>(
      '/:id',
      {
        onRequest: allow(read),
        schema: {
          summary: `Read one ${resource.entity}`,
          tags,
          params: IdParams,
          response: { 200: record, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => store.find(request.db, request.session, request.params.id),
    );

    app.post(
      '',
      {
        onRequest: allow(write),
        config: { idempotent: true },
        schema: {
          summary: `Create a ${resource.entity}`,
          tags,
          body: bodies.create,
          response: { 201: record, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => reply.code(201).send(await store.create(request.db, request.session, request.body as Write)),
    );

    app.put<ById>(
      '/:id',
      {
        onRequest: allow(write),
        schema: {
          summary: `Update a ${resource.entity} (optimistic: the body carries the version it was read at)`,
          tags,
          params: IdParams,
          body: bodies.update,
          response: { 200: record, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => store.update(request.db, request.session, request.params.id, request.body as Write & { version: number }),
    );

    const bulkActions = bulkActionNames.filter((action) =>
      action === 'delete'
        ? deletable && resource.bulk?.delete === true
        : action === 'addToGroup' || action === 'assignPlan'
          ? resource.bulk?.sets?.[action] !== undefined
          : resource.bulk?.updates?.[action] !== undefined,
    );
    if (bulkActions.length > 0) {
      app.post(
        '/bulk',
        {
          onRequest: allow(write),
          config: { idempotent: true },
          schema: {
            summary: `One action (${bulkActions.join(', ')}) on many ${tag}: the ids given, or every row the list's search and filters match (at most ${MAX_BULK_ROWS}); answers what succeeded and what was skipped, and why`,
            tags,
            body: bulkBody(title, bulkActions, filters),
            response: { 200: BulkResult, ...errorResponses(400, 401, 403, 413) },
          },
        },
        async (request) => {
          const { action, ids, query, ...params } = request.body as {
            action: BulkActionName;
            ids?: string[];
            query?: Record<string, unknown>;
          } & BulkParams;
          const scopes = bulkActionScopes[action];
          if (scopes) requireScope(request.session, ...scopes);
          if ((ids === undefined) === (query === undefined)) throw invalidField('ids', 'oneOf', 'or query must be given, not both');
          checkBulkParams(action, params);
          const targets = ids ? [...new Set(ids)] : await matchingIds(request, query!);
          if (action === 'addToGroup' || action === 'assignPlan') {
            const done = await resource.bulk!.sets![action]!(request.db, request.session, targets, params);
            return { action, requested: targets.length, ...done };
          }
          return store.bulk(request.db, request.session, action, targets);
        },
      );
    }

    /** The ids of the rows a list's search and filters match, inside the caller's reach; 413 beyond the limit. */
    async function matchingIds(request: FastifyRequest, query: Record<string, unknown>) {
      const ids: string[] = [];
      for (let page = 1; ; page += 1) {
        const params = { ...query, page, pageSize: EXPORT_BATCH_SIZE, sortBy: 'id', sortOrder: 'asc', withTotal: false };
        const { items } = await store.list(request.db, request.session, params as ListParams & Static<TObject<Filters>>);
        ids.push(...items.map((item) => (item as { id: string }).id));
        if (ids.length > MAX_BULK_ROWS) {
          throw new ApiError(413, `The query matches more than ${MAX_BULK_ROWS} rows: narrow it`, {}, undefined, 'TOO_MANY_ROWS', {
            limit: MAX_BULK_ROWS,
          });
        }
        if (items.length < EXPORT_BATCH_SIZE) return ids;
      }
    }

    if (deletable) {
      app.delete<ById>(
        '/:id',
        {
          onRequest: allow(write),
          schema: {
            summary: `Delete a ${resource.entity}`,
            tags,
            params: IdParams,
            response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request, reply) => {
          await store.remove(request.db, request.session, request.params.id);
          return reply.code(204).send(null);
        },
      );
    }
  };
}

/**
 * The routes of rows kept in order under a parent, mounted at the parent's path (`/training-plans/:planId/modules`).
 * The scope check runs first, before the input is validated; inputs are cast as above.
 */
export function orderedResourceRoutes<
  Table extends OrderedTable,
  Row,
  RecordSchema extends TSchema,
  Body extends TProperties,
  Params extends TSchema,
  ParentOf extends Parent,
>(resource: OrderedResource<Table, Row, RecordSchema, Body, Params, ParentOf>): FastifyPluginAsync {
  type Write = Static<TObject<Body>>;
  interface RowRequest {
    Params: Record<string, string>;
  }
  return async (app) => {
    const store = orderedResourceStore(resource, app.storeServices);
    const { title, record, body, params, rowParams, orderBody } = resource.schemas;
    const { read, write, deletable } = resource.access;
    const { entity, parentNoun } = resource;
    const tags = [`${entity}s`];
    const bodies = bodySchemas(title, body, resource.partialUpdate);
    const List = listResponse(title, record);
    const parentOf = (path: Record<string, string>) => path as Static<Params>;
    const idOf = (path: Record<string, string>) => path[resource.idParam]!;

    app.get<RowRequest>(
      '',
      {
        onRequest: allow(read),
        schema: {
          summary: `List the ${entity}s of a ${parentNoun}, all of them, in order (paging and sorting are accepted and ignored)`,
          tags,
          params,
          querystring: listQuery(title, ['order'], {}),
          response: { 200: List, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => store.list(request.db, request.session, parentOf(request.params)),
    );

    app.put<RowRequest>(
      '/order',
      {
        onRequest: allow(write),
        schema: {
          summary: `Reorder the ${entity}s of a ${parentNoun}; answers the list`,
          tags,
          params,
          body: orderBody,
          response: { 200: List, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        store.reorder(
          request.db,
          request.session,
          parentOf(request.params),
          (request.body as Record<string, string[]>)[resource.orderField]!,
        ),
    );

    app.get<RowRequest>(
      `/:${resource.idParam}`,
      {
        onRequest: allow(read),
        schema: {
          summary: `Read one ${entity}`,
          tags,
          params: rowParams,
          response: { 200: record, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => store.find(request.db, request.session, parentOf(request.params), idOf(request.params)),
    );

    app.post<RowRequest>(
      '',
      {
        onRequest: allow(write),
        config: { idempotent: true },
        schema: {
          summary: `Create a ${entity}, last in its ${parentNoun}`,
          tags,
          params,
          body: bodies.create,
          response: { 201: record, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await store.create(request.db, request.session, parentOf(request.params), request.body as Write)),
    );

    app.put<RowRequest>(
      `/:${resource.idParam}`,
      {
        onRequest: allow(write),
        schema: {
          summary: `Update a ${entity} (optimistic: the body carries the version it was read at)`,
          tags,
          params: rowParams,
          body: bodies.update,
          response: { 200: record, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        store.update(
          request.db,
          request.session,
          parentOf(request.params),
          idOf(request.params),
          request.body as Write & { version: number },
        ),
    );

    if (deletable) {
      app.delete<RowRequest>(
        `/:${resource.idParam}`,
        {
          onRequest: allow(write),
          schema: {
            summary: resource.deleteSummary ?? `Delete a ${entity}; the ones after it move up`,
            tags,
            params: rowParams,
            response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request, reply) => {
          await store.remove(request.db, request.session, parentOf(request.params), idOf(request.params));
          return reply.code(204).send(null);
        },
      );
    }
  };
}
