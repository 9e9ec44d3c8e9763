import { Type, type TSchemaOptions } from 'typebox';
import { formBody, OneOf, recordProperties, RequiredText, Uuid } from './common.schemas';
import { itemTypes } from './values';
import { ActivityId } from './training-plans.schemas';

const Order = Type.Integer({ minimum: 1, description: '1-based position among its siblings' });
const ItemType = (options?: TSchemaOptions) => OneOf(itemTypes, options);

export const TrainingPlanModule = Type.Object(
  {
    ...recordProperties,
    trainingPlanId: Uuid,
    title: Type.String(),
    order: Order,
    itemCount: Type.Integer({ minimum: 0 }),
  },
  { title: 'TrainingPlanModule' },
);

export const moduleBody = formBody('training-plan-modules', { title: RequiredText(200) });

export const TrainingPlanItem = Type.Object(
  {
    ...recordProperties,
    trainingPlanModuleId: Uuid,
    title: Type.String(),
    order: Order,
    type: ItemType(),
    contentId: Type.Union([Uuid, Type.Null()]),
    content: Type.Union([Type.Object({ id: Uuid, title: Type.String() }, { title: 'ContentRef' }), Type.Null()]),
    // Quizzes (issue 28): a QUIZ item's quiz, as a CONTENT item's content.
    quizId: Type.Union([Uuid, Type.Null()]),
    quiz: Type.Union([Type.Object({ id: Uuid, title: Type.String() }, { title: 'QuizRef' }), Type.Null()]),
    // Learning delivery (issue 27): the item's xAPI activity ID.
    activityId: ActivityId,
  },
  { title: 'TrainingPlanItem' },
);

export const itemBody = formBody('training-plan-items', {
  title: RequiredText(200),
  type: Type.Optional(ItemType({ description: 'Default CONTENT; on PUT omitted = unchanged' })),
  contentId: Type.Optional(
    Type.Union([Uuid, Type.Literal(''), Type.Null()], {
      description: 'A CONTENT item\'s content, of the plan\'s company; null or "" = none; on PUT omitted = unchanged',
    }),
  ),
  quizId: Type.Optional(
    Type.Union([Uuid, Type.Literal(''), Type.Null()], {
      description: 'A QUIZ item\'s quiz, of the plan\'s company; null or "" = none; on PUT omitted = unchanged',
    }),
  ),
});

/** The path of a plan's modules (`/training-plans/:planId/modules`) and of one module. */
export const ModulesParams = Type.Object({ planId: Uuid }, { additionalProperties: false });
export const ModuleParams = Type.Object({ planId: Uuid, moduleId: Uuid }, { additionalProperties: false });

/** The path of a module's items (`…/modules/:moduleId/items`) and of one item. */
export const ItemsParams = ModuleParams;
export const ItemParams = Type.Object({ planId: Uuid, moduleId: Uuid, itemId: Uuid }, { additionalProperties: false });

/** `PUT …/order`: every id of the parent's rows, in the new order. */
export const ModuleOrderBody = Type.Object(
  { moduleIds: Type.Array(Uuid, { maxItems: 1000, description: 'Every module id, in the new order' }) },
  { additionalProperties: false, title: 'TrainingPlanModuleOrderBody' },
);

export const ItemOrderBody = Type.Object(
  { itemIds: Type.Array(Uuid, { maxItems: 1000, description: 'Every item id, in the new order' }) },
  { additionalProperties: false, title: 'TrainingPlanItemOrderBody' },
);
