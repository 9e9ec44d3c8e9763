import { Type, type TSchemaOptions } from 'typebox';
import { OneOf, recordProperties, RequiredText, Uuid } from './common.schemas';
import { itemTypes } from './values';

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

export const moduleBody = { title: RequiredText(200) };

export const TrainingPlanItem = Type.Object(
  {
    ...recordProperties,
    trainingPlanModuleId: Uuid,
    title: Type.String(),
    order: Order,
    type: ItemType(),
    contentId: Type.Union([Uuid, Type.Null()]),
    content: Type.Union([Type.Object({ id: Uuid, title: Type.String() }, { title: 'ContentRef' }), Type.Null()]),
  },
  { title: 'TrainingPlanItem' },
);

export const itemBody = {
  title: RequiredText(200),
  type: Type.Optional(ItemType({ description: 'Default CONTENT; on PUT omitted = unchanged' })),
  contentId: Type.Optional(
    Type.Union([Uuid, Type.Literal(''), Type.Null()], {
      description: "A content of the plan's company; null or \"\" = none; on PUT omitted = unchanged",
    }),
  ),
};

export const planParams = { planId: Uuid };
export const moduleParams = { planId: Uuid, moduleId: Uuid };
