import type { ResourceName, ResourceRecords } from '../../domain/resource';
import type { FormConfig } from '../form/form-config';
import type { ListConfig } from '../list/list-config';

/** A resource screen is configuration for the one list view and the one form view. */
export interface ResourceConfig<Name extends ResourceName> {
  name: Name;
  list: ListConfig<ResourceRecords[Name]>;
  form: FormConfig;
}
