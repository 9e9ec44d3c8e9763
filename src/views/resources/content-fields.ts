import { contentTypes, renderTypes, type ContentType, type RenderType } from '../../domain/catalogue';
import type { FieldConfig } from '../form/form-config';
import type { FormMessages } from '../../machines/form.machine';
import { withRequired } from './required-fields';

/**
 * A content's fields: a Video is always REFERENCE (the render type is then set and locked), choosing Article makes
 * it INLINE (the user may still change it), any change of the render type empties the text, and the text exists
 * only for INLINE content.
 */
export const contentFields = (defaults: { type: ContentType; renderType: RenderType }): FieldConfig[] =>
  withRequired('contents', [
    { name: 'title', kind: 'text', labelKey: 'fields.title' },
    { name: 'background', kind: 'text', labelKey: 'fields.background', rules: ['url'], imagePreview: true, autoComplete: 'off' },
    {
      name: 'type',
      kind: 'select',
      labelKey: 'fields.type',
      defaultValue: defaults.type,
      options: contentTypes.map((value) => ({ value, labelKey: `contentTypes.${value}` })),
    },
    {
      name: 'renderType',
      kind: 'select',
      labelKey: 'fields.renderType',
      defaultValue: defaults.renderType,
      options: renderTypes.map((value) => ({ value, labelKey: `renderTypes.${value}` })),
      fixedWhen: { field: 'type', oneOf: ['Video'], value: 'REFERENCE' },
      setWhen: { field: 'type', oneOf: ['Article'], value: 'INLINE' },
      clears: ['text'],
    },
    {
      name: 'topics',
      kind: 'references',
      labelKey: 'fields.topics',
      wireName: 'topicIds',
      reference: { resource: 'topics', colorField: 'color' },
    },
    { name: 'text', kind: 'text', labelKey: 'fields.text', multiline: true, showWhen: { field: 'renderType', oneOf: ['INLINE'] } },
  ]);

/** A new content starts as a Video (REFERENCE). */
export const newContentFields = contentFields({ type: 'Video', renderType: 'REFERENCE' });

/** The edit form's defaults, for what a loaded record lacks, are Article and INLINE. */
export const contentEditFields = contentFields({ type: 'Article', renderType: 'INLINE' });

/** What the wizard's first step says once the new content is saved, or not. */
export const newContentMessages: FormMessages = {
  createdKey: 'feedback.contentCreated',
  updatedKey: 'feedback.contentUpdated',
  createFailedKey: 'feedback.createFailed',
};
