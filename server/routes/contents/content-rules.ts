import type { Static, TObject } from 'typebox';
import type { Content } from '../../db/schema';
import { invalidField } from '../../http/api-error';
import type { contentBody } from '../../../contract/contents.schemas';

export type ContentWrite = Partial<Static<TObject<typeof contentBody>>>;
type StoredContent = Pick<Content, 'type' | 'renderType' | 'text' | 'externalUuid' | 'status'>;

/**
 * The type, render type, text, video and status a write leaves a content with (fields the body leaves out keep
 * their values), or a 400 on the field at fault:
 * - a Video is REFERENCE (a Video whose render type is not given becomes REFERENCE);
 * - only INLINE content has a text, only REFERENCE content a video (`externalUuid`); a switch to REFERENCE drops the
 *   text, a switch to INLINE the video;
 * - the status follows: INLINE is READY; REFERENCE is DRAFT without a video, PENDING_PROCESSING once a new video is
 *   set, and keeps the status the video service reported (READY, FAILED) while its video stays the same;
 * - a client may send that status, or PENDING_PROCESSING together with an `externalUuid`; nothing else.
 */
export function contentState(body: ContentWrite, existing?: StoredContent) {
  const type = body.type ?? existing?.type ?? 'Article';
  const renderType = body.renderType ?? (type === 'Video' ? 'REFERENCE' : (existing?.renderType ?? 'INLINE'));
  if (type === 'Video' && renderType !== 'REFERENCE')
    throw invalidField('renderType', 'videoNeedsReference', 'must be REFERENCE for a Video');
  const inline = renderType === 'INLINE';

  const text = body.text !== undefined ? body.text : inline ? (existing?.text ?? null) : null;
  if (!inline && text !== null) throw invalidField('text', 'onlyInline', 'is only for INLINE content');
  const sameVideoAsBefore = existing?.renderType === 'REFERENCE';
  const externalUuid = body.externalUuid !== undefined ? body.externalUuid : !inline && sameVideoAsBefore ? existing.externalUuid : null;
  if (inline && externalUuid !== null) throw invalidField('externalUuid', 'onlyReference', 'is only for REFERENCE content');

  const following = inline
    ? 'READY'
    : externalUuid === null
      ? 'DRAFT'
      : sameVideoAsBefore && existing.externalUuid === externalUuid
        ? existing.status
        : 'PENDING_PROCESSING';
  if (body.status !== undefined && body.status !== following) {
    if (body.status !== 'PENDING_PROCESSING') {
      throw invalidField(
        'status',
        'onlyPendingProcessing',
        'only PENDING_PROCESSING may be set; READY and FAILED come from the video service',
      );
    }
    if (!body.externalUuid) throw invalidField('status', 'needsExternalUuid', 'PENDING_PROCESSING needs an externalUuid');
  }
  return { type, renderType, text, externalUuid, status: body.status ?? following };
}
