import type { ResourceName } from '../../domain/resource';
import type { ListItem } from '../../machines/list.machine';
import type { FormConfig } from '../form/form-config';
import type { ListConfig } from '../list/list-config';

/** A resource screen is configuration for the one list view and the one form view. */
export interface ResourceConfig<Row extends ListItem> {
  name: ResourceName;
  list: ListConfig<Row>;
  form: FormConfig;
}
