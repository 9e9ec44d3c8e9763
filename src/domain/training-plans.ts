import type { Static } from 'typebox';
import type * as children from '../../contract/plan-children.schemas';
import type * as plans from '../../contract/training-plans.schemas';

/** Training plans, their modules and the modules' items (docs/api-contract.md, "Catalogue and training plans"). */
export { itemTypes, trainingPlanStatuses } from '../../contract/values';

export type TrainingPlan = Static<typeof plans.TrainingPlan>;
export type TrainingPlanStatus = TrainingPlan['status'];

/** `order` is the 1-based position in the plan. */
export type TrainingPlanModule = Static<typeof children.TrainingPlanModule>;

/** `order` is the 1-based position in the module. */
export type TrainingPlanItem = Static<typeof children.TrainingPlanItem>;
export type ItemType = TrainingPlanItem['type'];
