import { Type } from 'typebox';
import { recordProperties, RequiredText, Uuid } from './common.schemas';

const TopicStatus = Type.Union([Type.Literal('ACTIVE'), Type.Literal('PENDING')]);

export const Topic = Type.Object(
  {
    ...recordProperties,
    name: Type.String(),
    color: Type.String({ description: '#RRGGBB, upper case' }),
    status: TopicStatus,
    companyId: Uuid,
    tenantId: Uuid,
  },
  { title: 'Topic' },
);

export const topicBody = {
  name: RequiredText(100),
  color: Type.Optional(
    Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: '#RRGGBB (stored upper case); default #000000' }),
  ),
  status: Type.Optional(Type.Union([Type.Literal('ACTIVE'), Type.Literal('PENDING')], { description: 'Default PENDING' })),
};
