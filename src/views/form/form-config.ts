import type { ComponentType } from 'react';
import type { ResourceName } from '../../domain/resource';
import type { SessionState } from '../../domain/session';
import type { Condition } from '../../machines/condition';
import type { FieldSpec } from '../../machines/form-fields';
import type { FormMessages } from '../../machines/form.machine';
import type { FormActor } from './form-actor';

export interface FieldConfig extends FieldSpec {
  labelKey: string;
  /** Checked as required but shown without the asterisk (the tenant's name). */
  hideRequiredMark?: boolean;
  multiline?: boolean;
  autoComplete?: string;
  /** The choices of a select. */
  options?: ReadonlyArray<{ value: string; labelKey: string }>;
  /** The resource a reference field picks from, and the filter another field's value puts on it. */
  reference?: {
    resource: ResourceName;
    filterBy?: { field: string; param: string };
    colorField?: string;
    /** How a record of a references field is named (a user: name, surname and email); its `name` unless given. */
    optionLabel?: (record: object) => string;
  };
  /** A line under the field saying what it does (while it has no error). */
  helperKey?: string;
  /** A text holding an image URL, shown below the field while it is a valid http(s) URL. */
  imagePreview?: boolean;
  /** Begins a new row of the two-column form (a pair that belongs together: the passwords, the switches). */
  startsRow?: boolean;
}

/** What the form is opened for: a new record (with the console's language) or an existing one. */
export interface FormMode {
  creating: boolean;
  language: string;
}

export interface FormConfig {
  newTitleKey: string;
  editTitleKey: string;
  loadErrorKey: string;
  createdKey: string;
  updatedKey: string;
  /** The fields the signed-in user fills in (who may set what depends on the scope; some only when creating). */
  fields: (session: SessionState, mode?: FormMode) => FieldConfig[];
  /** 'Failed to create' / 'Failed to update' unless given. */
  createFailedKey?: string;
  updateFailedKey?: string;
  /** After creating, the page becomes the new record's edit page instead of returning to the list. */
  stayAfterCreate?: boolean;
  /** Shown below the form once the record is there: what the record is beyond its fields (a preview, a player). */
  Extra?: ComponentType<{ form: FormActor }>;
  /** The edit page offers Delete, allowed while the record as loaded meets `when`, else disabled saying `blockedKey`. */
  deletion?: { when?: Condition; blockedKey: string };
  /** The notice once the record is deleted ("Training plan deleted"). */
  deletedKey?: string;
}

/** A form configuration's messages, as its machine takes them. */
export const messagesOf = ({ createdKey, updatedKey, deletedKey, createFailedKey, updateFailedKey }: FormConfig): FormMessages => ({
  createdKey,
  updatedKey,
  ...(deletedKey && { deletedKey }),
  ...(createFailedKey && { createFailedKey }),
  ...(updateFailedKey && { updateFailedKey }),
});
