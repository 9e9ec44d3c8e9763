import type { ResourceName } from '../../domain/resource';
import type { SessionState } from '../../domain/session';
import type { FieldSpec } from '../../machines/form-fields';

export interface FieldConfig extends FieldSpec {
  labelKey: string;
  /** Checked as required but shown without the asterisk (spec §5: the tenant name). */
  hideRequiredMark?: boolean;
  multiline?: boolean;
  autoComplete?: string;
  /** The choices of a select. */
  options?: ReadonlyArray<{ value: string; labelKey: string }>;
  /** The resource a reference field picks from, and the filter another field's value puts on it. */
  reference?: { resource: ResourceName; filterBy?: { field: string; param: string } };
}

export interface FormConfig {
  newTitleKey: string;
  editTitleKey: string;
  loadErrorKey: string;
  createdKey: string;
  updatedKey: string;
  /** The fields the signed-in user fills in (who may set what depends on the scope). */
  fields: (session: SessionState) => FieldConfig[];
}
