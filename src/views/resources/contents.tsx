import VideoCallIcon from '@mui/icons-material/VideoCall';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Content, ContentStatus } from '../../domain/catalogue';
import { lazyView } from '../lazy-view';
import { contentEditFields } from './content-fields';
import type { ResourceConfig } from './resource-config';
import { listFields } from '../../domain/resource';
import { filterConfigs } from '../list/list-config';

const statusColors: Record<ContentStatus, ChipProps['color']> = {
  DRAFT: 'default',
  PENDING_PROCESSING: 'warning',
  READY: 'success',
  FAILED: 'error',
};

/**
 * A video or podcast still waiting for its video: none was attached (the wizard was left before the upload ended), or
 * the video service could not process it. Its edit page offers the uploader.
 */
export const awaitsVideo = (content: Pick<Content, 'renderType' | 'externalUuid' | 'status'>) =>
  content.renderType === 'REFERENCE' && (!content.externalUuid || content.status === 'FAILED');

/**
 * The content page's video (its player, its upload): a chunk of its own, with the player's machine, so that no other
 * screen loads them; the page asks for it at start with the form.
 */
const ContentExtras = lazyView(() => import('../contents/ContentExtras').then((module) => module.ContentExtras));

/** /contents/new is the content wizard (src/app); the list and the edit page are the generic ones. */
export const contentsResource: ResourceConfig<'contents'> = {
  name: 'contents',
  list: {
    titleKey: 'pages.contents',
    allowedSorts: listFields.contents.sorts,
    filters: filterConfigs(listFields.contents.filters, {
      type: { labelKey: 'fields.type', valuesKey: 'contentTypes' },
      renderType: { labelKey: 'fields.renderType', valuesKey: 'renderTypes' },
      status: { labelKey: 'fields.status', valuesKey: 'contentStatusLabel' },
      topicId: { labelKey: 'fields.topic' },
    }),
    phone: { primary: ['title'], secondary: ['status', 'type', 'video'] },
    columns: [
      { field: 'title', headerKey: 'fields.title', sortBy: 'title', onPhone: true },
      { field: 'type', headerKey: 'fields.type', width: 130, render: ({ type }, t) => t(`contentTypes.${type}`) },
      {
        field: 'status',
        headerKey: 'fields.status',
        width: 210,
        render: ({ status }, t) => (
          <Chip size="small" label={t(`contentStatusLabel.${status}`)} title={t(`contentStatus.${status}`)} color={statusColors[status]} />
        ),
      },
      {
        field: 'video',
        headerKey: 'contents.video',
        width: 200,
        render: (content, t) =>
          awaitsVideo(content) ? (
            <Chip size="small" variant="outlined" color="warning" icon={<VideoCallIcon />} label={t('contents.awaitsVideo')} />
          ) : null,
      },
    ],
    deletable: true,
    bulkActions: ['delete'],
    deletedKey: 'feedback.contentDeleted',
    followWhile: { field: 'status', oneOf: ['PENDING_PROCESSING'] },
  },
  form: {
    newTitleKey: 'pages.contentNew',
    editTitleKey: 'pages.contentEdit',
    loadErrorKey: 'loadingError.content',
    createdKey: 'feedback.contentCreated',
    updatedKey: 'feedback.contentUpdated',
    createFailedKey: 'feedback.createFailed',
    updateFailedKey: 'feedback.contentUpdateFailed',
    fields: () => contentEditFields,
    Extra: ContentExtras,
  },
};
