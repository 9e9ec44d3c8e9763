import { Type } from 'typebox';
import { formBody, OneOf, recordProperties, RequiredText, Uuid } from './common.schemas';
import { topicStatuses } from './values';

export const Topic = Type.Object(
  {
    ...recordProperties,
    name: Type.String(),
    color: Type.String({ description: '#RRGGBB, upper case' }),
    status: OneOf(topicStatuses),
    companyId: Uuid,
    tenantId: Uuid,
  },
  { title: 'Topic' },
);

export const topicBody = formBody('topics', {
  name: RequiredText(100),
  color: Type.Optional(Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: '#RRGGBB (stored upper case); default #000000' })),
  status: Type.Optional(OneOf(topicStatuses, { description: 'Default PENDING' })),
});
