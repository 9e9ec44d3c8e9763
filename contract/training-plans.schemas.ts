import { Type, type TSchemaOptions } from 'typebox';
import { formBody, OneOf, recordProperties, RequiredText, Uuid } from './common.schemas';
import { trainingPlanStatuses } from './values';

/** The xAPI activity ID of a plan or an item (`activity-ids.ts`): a tag URI naming it by its id. */
export const ActivityId = Type.String({ description: 'xAPI activity ID (IRI): tag:learning-admin-console,2026:plan/<id> or …:item/<id>' });

const PlanStatus = (options?: TSchemaOptions) => OneOf(trainingPlanStatuses, options);

export const TrainingPlan = Type.Object(
  {
    ...recordProperties,
    name: Type.String(),
    status: PlanStatus(),
    freelyNavigable: Type.Boolean(),
    moduleCount: Type.Integer({ minimum: 0 }),
    activityId: ActivityId,
    companyId: Uuid,
    tenantId: Uuid,
  },
  { title: 'TrainingPlan' },
);

export const trainingPlanBody = formBody('training-plans', {
  name: RequiredText(200),
  status: Type.Optional(PlanStatus({ description: 'Default DRAFT' })),
  freelyNavigable: Type.Optional(Type.Boolean({ description: 'Default false' })),
});
