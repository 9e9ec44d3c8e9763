import { Type, type TProperties } from 'typebox';
import { listQuery, NamedRef, OneOf, Uuid } from './common.schemas';
import { trainingPlanStatuses } from './values';

// Completion reports (issue 27): how far the learners of each company, plan or group have come.

/** The counts of a set of enrolments, by their status now, and the share completed (null without enrolments). */
const completion = {
  enrolled: Type.Integer({ minimum: 0 }),
  notStarted: Type.Integer({ minimum: 0 }),
  inProgress: Type.Integer({ minimum: 0 }),
  completed: Type.Integer({ minimum: 0 }),
  overdue: Type.Integer({ minimum: 0 }),
  completionRate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
    description: 'completed ÷ enrolled; null when nobody is enrolled',
  }),
} satisfies TProperties;

/** The sorts every report offers, besides its own name column. */
export const completionSorts = ['enrolled', 'completed', 'overdue', 'completionRate'] as const;

export const CompanyCompletion = Type.Object(
  { id: Uuid, name: Type.String(), tenant: NamedRef, ...completion },
  { title: 'CompanyCompletion' },
);
export const PlanCompletion = Type.Object(
  { id: Uuid, name: Type.String(), status: OneOf(trainingPlanStatuses), ...completion },
  { title: 'PlanCompletion' },
);
export const GroupCompletion = Type.Object(
  { id: Uuid, name: Type.String(), memberCount: Type.Integer({ minimum: 0 }), ...completion },
  { title: 'GroupCompletion' },
);

export const reportSorts = ['name', ...completionSorts];
export const ReportQuery = (title: string) => listQuery(title, reportSorts, {});
