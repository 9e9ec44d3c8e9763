import type { Static } from 'typebox';
import type * as contents from '../../contract/contents.schemas';
import type * as topics from '../../contract/topics.schemas';

/** The topics and contents of a company (docs/api-contract.md, "Catalogue and training plans"). */
export { contentStatuses, contentTypes, renderTypes, topicStatuses } from '../../contract/values';

export type Topic = Static<typeof topics.Topic>;
export type TopicStatus = Topic['status'];

export type Content = Static<typeof contents.Content>;
export type ContentType = Content['type'];
/** INLINE content carries its text; REFERENCE content is a video at the video service. */
export type RenderType = Content['renderType'];
/** DRAFT until a video is attached, PENDING_PROCESSING while the video service works on it, then READY or FAILED. */
export type ContentStatus = Content['status'];
