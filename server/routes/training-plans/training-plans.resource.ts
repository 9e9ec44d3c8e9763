import { eq, getTableColumns, ilike, sql } from 'drizzle-orm';
import { companyOwnerOf, owners } from '../../auth/tenancy';
import { qualified } from '../../db/qualified';
import { trainingPlanModules, trainingPlans } from '../../db/schema';
import { conflict } from '../../http/api-error';
import { defineResource, isoTimestamps, sortColumns } from '../../store/resource';
import { TrainingPlan, trainingPlanBody } from '../../../contract/training-plans.schemas';
import { planActivityId } from '../../../contract/activity-ids';
import { filterProperties } from '../../../contract/list-filters.schemas';

const moduleCount = sql<number>`(select count(*)::int from ${trainingPlanModules}
  where ${qualified(trainingPlanModules.trainingPlanId)} = ${qualified(trainingPlans.id)})`;

/** A company's training plans; deleting one (with its modules and items) is allowed only while it is a DRAFT. */
export const trainingPlansResource = defineResource({
  entity: 'training plan',
  path: '/training-plans',
  access: { read: ['COMPANY'], write: ['COMPANY'], deletable: true },
  // Bulk delete (issue 29): each row by the one-row delete's rules, a refused one skipped with its reason.
  bulk: { delete: true },
  table: trainingPlans,
  owner: owners.trainingPlans,
  schemas: { title: 'TrainingPlan', record: TrainingPlan, body: trainingPlanBody, filters: filterProperties('training-plans') },
  rows: (db) =>
    db
      .select({ ...getTableColumns(trainingPlans), moduleCount })
      .from(trainingPlans)
      .$dynamic(),
  toRecord: (row) => ({ ...isoTimestamps(row), activityId: planActivityId(row.id) }),
  sorts: sortColumns('training-plans', {
    id: trainingPlans.id,
    name: trainingPlans.name,
    createdAt: trainingPlans.createdAt,
    updatedAt: trainingPlans.updatedAt,
  }),
  filter: (_session, { status }, bind) => (status ? eq(trainingPlans.status, bind('status', status)) : undefined),
  search: (pattern, _db, bind) => {
    const search = bind('search', pattern);
    return [ilike(trainingPlans.name, search), ilike(trainingPlans.status, search)];
  },
  values: async ({ session, body, existing }) => ({
    ...body,
    ...(existing ? { tenantId: existing.tenantId, companyId: existing.companyId } : companyOwnerOf(session)),
  }),
  beforeDelete: ({ existing }) => {
    if (existing.status !== 'DRAFT') throw conflict('Set the plan back to Draft before deleting it', 'PLAN_NOT_DRAFT');
  },
});
