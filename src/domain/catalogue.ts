import type { StoredRecord } from './resource';
import type { NamedRef } from './session';

/** The topics and contents of a company (docs/api-contract.md, "Catalogue and training plans"). */
export type TopicStatus = 'ACTIVE' | 'PENDING';

export const topicStatuses: readonly TopicStatus[] = ['ACTIVE', 'PENDING'];

export interface Topic extends StoredRecord {
  name: string;
  /** `#RRGGBB`. */
  color: string;
  status: TopicStatus;
  companyId: string;
  tenantId: string;
}

export type ContentType = 'Article' | 'Podcast' | 'Video';

export const contentTypes: readonly ContentType[] = ['Article', 'Podcast', 'Video'];

/** INLINE content carries its text; REFERENCE content is a video at the video service. */
export type RenderType = 'INLINE' | 'REFERENCE';

export const renderTypes: readonly RenderType[] = ['INLINE', 'REFERENCE'];

/** DRAFT until a video is attached, PENDING_PROCESSING while the video service works on it, then READY or FAILED. */
export type ContentStatus = 'DRAFT' | 'PENDING_PROCESSING' | 'READY' | 'FAILED';

export const contentStatuses: readonly ContentStatus[] = ['DRAFT', 'PENDING_PROCESSING', 'READY', 'FAILED'];

export interface Content extends StoredRecord {
  title: string;
  background: string | null;
  type: ContentType;
  renderType: RenderType;
  text: string | null;
  topicIds: string[];
  topics: NamedRef[];
  externalUuid: string | null;
  status: ContentStatus;
  companyId: string;
  tenantId: string;
}
