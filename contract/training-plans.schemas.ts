import { Type, type TSchemaOptions } from 'typebox';
import { recordProperties, RequiredText, Uuid } from './common.schemas';

const PlanStatus = (options?: TSchemaOptions) => Type.Union([Type.Literal('DRAFT'), Type.Literal('PUBLISHED')], options);

export const TrainingPlan = Type.Object(
  {
    ...recordProperties,
    name: Type.String(),
    status: PlanStatus(),
    freelyNavigable: Type.Boolean(),
    moduleCount: Type.Integer({ minimum: 0 }),
    companyId: Uuid,
    tenantId: Uuid,
  },
  { title: 'TrainingPlan' },
);

export const trainingPlanBody = {
  name: RequiredText(200),
  status: Type.Optional(PlanStatus({ description: 'Default DRAFT' })),
  freelyNavigable: Type.Optional(Type.Boolean({ description: 'Default false' })),
};
