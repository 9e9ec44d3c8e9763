import { and, eq, gte, ilike, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync } from 'fastify';
import type { Static } from 'typebox';
import { ActivityEntry, activityFilters } from '../../../contract/activity.schemas';
import { listQuery, listResponse } from '../../../contract/common.schemas';
import { errorResponses } from '../../../contract/errors.schemas';
import type { AuthSession } from '../../auth/auth-session';
import { forbidden, invalidField } from '../../http/api-error';
import { reachOf } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import type { Bind } from '../../db/prepared';
import {
  auditLog,
  companies,
  contents,
  groups,
  lrsCredentials,
  quizzes,
  tenants,
  topics,
  trainingPlanItems,
  trainingPlanModules,
  trainingPlans,
  users,
} from '../../db/schema';
import { escapeLike, listPage, type ListParams, type ListSource } from '../../store/list-page';
import { allow } from '../resource/resource.routes';

const assumedTenant = alias(tenants, 'assumed_tenant');

/**
 * The audited record of each kind that has a name, joined on the row's `entity` and `entityId`: at most one of them
 * matches a row, so the page gets every record's name in its one query. A deleted record has none.
 */
const record = {
  company: alias(companies, 'record_company'),
  tenant: alias(tenants, 'record_tenant'),
  user: alias(users, 'record_user'),
  topic: alias(topics, 'record_topic'),
  content: alias(contents, 'record_content'),
  plan: alias(trainingPlans, 'record_plan'),
  module: alias(trainingPlanModules, 'record_module'),
  item: alias(trainingPlanItems, 'record_item'),
  quiz: alias(quizzes, 'record_quiz'),
  group: alias(groups, 'record_group'),
  credential: alias(lrsCredentials, 'record_credential'),
};

/** The join of a record of this kind: the entity is a constant of the query, not a parameter. */
const recordOf = (entity: string, id: SQLWrapper) =>
  and(sql`${auditLog.entity} = ${sql.raw(`'${entity}'`)}`, sql`${id} = ${auditLog.entityId}`);

const entityName = sql<string | null>`coalesce(
  ${record.company.name}, ${record.tenant.name},
  nullif(trim(${record.user.name} || ' ' || ${record.user.surname}), ''), ${record.user.email},
  ${record.topic.name}, ${record.content.title}, ${record.plan.name}, ${record.module.title}, ${record.item.title},
  ${record.quiz.title}, ${record.group.name}, ${record.credential.label}
)`;

const rows = (db: Database) =>
  db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      details: auditLog.details,
      entityName,
      actor: { id: auditLog.actorUserId, name: auditLog.actorName, email: auditLog.actorEmail, scope: auditLog.actorScope },
      assumedTenant: { id: assumedTenant.id, name: assumedTenant.name },
      tenant: { id: tenants.id, name: tenants.name },
      company: { id: companies.id, name: companies.name },
    })
    .from(auditLog)
    .leftJoin(assumedTenant, eq(assumedTenant.id, auditLog.assumedTenantId))
    .leftJoin(tenants, eq(tenants.id, auditLog.tenantId))
    .leftJoin(companies, eq(companies.id, auditLog.companyId))
    .leftJoin(record.company, recordOf('company', record.company.id))
    .leftJoin(record.tenant, recordOf('tenant', record.tenant.id))
    .leftJoin(record.user, recordOf('user', record.user.id))
    .leftJoin(record.topic, recordOf('topic', record.topic.id))
    .leftJoin(record.content, recordOf('content', record.content.id))
    .leftJoin(record.plan, recordOf('training plan', record.plan.id))
    .leftJoin(record.module, recordOf('module', record.module.id))
    .leftJoin(record.item, recordOf('item', record.item.id))
    .leftJoin(record.quiz, recordOf('quiz', record.quiz.id))
    .leftJoin(record.group, recordOf('group', record.group.id))
    .leftJoin(record.credential, recordOf('lrs credential', record.credential.id))
    .$dynamic();

type Row = Awaited<ReturnType<typeof rows>>[number];

const source: ListSource<Row> = {
  table: auditLog,
  id: auditLog.id,
  createdAt: auditLog.at,
  rows,
  sorts: { at: auditLog.at, action: auditLog.action, entity: auditLog.entity },
  // The actor as the row keeps it: a reader finds an actor whose user row it cannot see (or that was deleted).
  search: (pattern, _db, bind) => {
    const search = bind('search', pattern);
    return [ilike(auditLog.entity, search), ilike(auditLog.actorName, search), ilike(auditLog.actorEmail, search)];
  },
};

/**
 * Field names only: the audit never holds a value, and a secret's name is already its public one (password). The
 * video service's callbacks name theirs `fields`.
 */
const changedOf = (details: Record<string, unknown>) => {
  const names = details['changed'] ?? details['fields'];
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
};

/** Who acted when no user did: the video service telling a video's new status, or the wait for it timing out. */
const systemOf = (details: Record<string, unknown>) =>
  details['actor'] === 'video-service' || details['actor'] === 'processing-timeout' ? details['actor'] : null;

function toEntry({ details, at, actor: who, assumedTenant: assumed, ...row }: Row): Static<typeof ActivityEntry> {
  return {
    ...row,
    at: at.toISOString(),
    // Rows of actors deleted before their snapshot was kept (migration 0009) have no actor to show.
    actor:
      who.id && who.name !== null && who.email !== null && who.scope !== null
        ? { id: who.id, name: who.name, email: who.email, scope: who.scope }
        : null,
    system: systemOf(details),
    assumedTenant: assumed?.id ? assumed : null,
    tenant: row.tenant?.id ? row.tenant : null,
    company: row.company?.id ? row.company : null,
    changed: changedOf(details),
  };
}

/** The actor as the row keeps it (name or email): a TENANT admin finds a GLOBAL admin it cannot look up in users. */
const actorMatches = (pattern: SQLWrapper) => or(ilike(auditLog.actorName, pattern), ilike(auditLog.actorEmail, pattern));

type Filters = Static<ReturnType<typeof listQuery<typeof activityFilters>>> & ListParams;

/** The audit rows inside the caller's reach (its tenant, its company), narrowed by the filters. */
function activityFilter(session: AuthSession, query: Filters, bind: Bind): SQL | undefined {
  return and(
    reachOf(session, { tenant: auditLog.tenantId, company: auditLog.companyId }, bind),
    query.actorId ? eq(auditLog.actorUserId, bind('actorId', query.actorId)) : undefined,
    query.actor ? actorMatches(bind('actor', `%${escapeLike(query.actor)}%`)) : undefined,
    query.entity ? eq(auditLog.entity, bind('entity', query.entity)) : undefined,
    query.entityId ? eq(auditLog.entityId, bind('entityId', query.entityId)) : undefined,
    query.action ? eq(auditLog.action, bind('action', query.action)) : undefined,
    query.from ? gte(auditLog.at, bind('from', new Date(query.from))) : undefined,
    query.to ? lt(auditLog.at, bind('to', new Date(query.to))) : undefined,
  );
}

/**
 * `GET /activity`: the audit log as a list (newest first unless sorted), for the Activity page (GLOBAL, TENANT) and
 * the History of a record (`entity` + `entityId`; COMPANY admins too, inside their company, and only so).
 */
export const activityRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '',
    {
      onRequest: allow(['GLOBAL', 'TENANT', 'COMPANY']),
      schema: {
        summary: 'List the audit log: who changed what, when; one page, sorted, searched by actor or entity, filtered',
        tags: ['activity'],
        querystring: listQuery('Activity', Object.keys(source.sorts), activityFilters),
        response: { 200: listResponse('Activity', ActivityEntry), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query as Filters;
      // A COMPANY admin reads the History of its own records, never the Activity page: one record at a time.
      if (request.session.user.scope === 'COMPANY' && !(query.entity && query.entityId)) {
        throw forbidden('A COMPANY admin reads the history of one record: give entity and entityId', 'ACTIVITY_RECORD_REQUIRED');
      }
      if (query.from && query.to && Date.parse(query.to) <= Date.parse(query.from)) {
        throw invalidField('query.to', 'afterFrom', 'must be after from');
      }
      const params: ListParams = query.sortBy ? query : { ...query, sortBy: 'at', sortOrder: 'desc' };
      const page = await listPage(
        request.db,
        source,
        params,
        (bind) => activityFilter(request.session, query, bind),
        app.listSettings.exactCountLimit,
      );
      return { ...page, items: page.items.map(toEntry) };
    },
  );
};
