import { Type, type TSchemaOptions } from 'typebox';
import {
  formBody,
  NamedRef,
  OneOf,
  NullableString,
  OptionalHttpUrl,
  OptionalText,
  recordProperties,
  RequiredText,
  Uuid,
} from './common.schemas';
import { contentStatuses, contentTypes, renderTypes } from './values';

const ContentType = (options?: TSchemaOptions) => OneOf(contentTypes, options);
const RenderType = (options?: TSchemaOptions) => OneOf(renderTypes, options);
const ContentStatus = (options?: TSchemaOptions) => OneOf(contentStatuses, options);

export const Content = Type.Object(
  {
    ...recordProperties,
    title: Type.String(),
    background: NullableString,
    type: ContentType(),
    renderType: RenderType(),
    text: NullableString,
    topicIds: Type.Array(Uuid, { description: 'Ordered like topics' }),
    topics: Type.Array(NamedRef, { description: 'By name' }),
    externalUuid: NullableString,
    status: ContentStatus(),
    companyId: Uuid,
    tenantId: Uuid,
  },
  { title: 'Content' },
);

/** Every field may be left out of a PUT (the patch after an upload sends `externalUuid`, `status` and `version` only). */
export const contentBody = formBody('contents', {
  title: RequiredText(200),
  background: OptionalHttpUrl,
  type: Type.Optional(ContentType({ description: 'Default Article' })),
  renderType: Type.Optional(RenderType({ description: 'Default REFERENCE for a Video, else INLINE; a Video must be REFERENCE' })),
  text: OptionalText(100_000),
  topicIds: Type.Optional(
    Type.Array(Uuid, { maxItems: 200, description: "Topics of the caller's company; duplicates ignored; on PUT omitted = unchanged" }),
  ),
  externalUuid: OptionalText(200),
  status: Type.Optional(
    ContentStatus({
      description: 'A client may set only PENDING_PROCESSING, together with an externalUuid; READY and FAILED come from the video service',
    }),
  ),
});
