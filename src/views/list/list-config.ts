import type { BulkActionName } from '../../domain/bulk';
import type { SvgIconComponent } from '@mui/icons-material';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Condition } from '../../machines/condition';
import type { ListFilterField } from '../../domain/resource';
import type { ListItem } from '../../machines/list.machine';
import type { sessionMachine } from '../../machines/session.machine';

export interface ColumnConfig<Row extends ListItem> {
  /** The grid's column key, and the row property shown unless `text` or `render` say otherwise. */
  field: string;
  headerKey: string;
  /** The API's `sortBy` for this column; the column gets sort buttons when set. */
  sortBy?: string;
  text?: (row: Row) => string;
  render?: (row: Row, t: TFunction) => ReactNode;
  /** A fixed width in pixels (icons); other columns share the rest. */
  width?: number;
  /** A shared column's part of the rest (1 unless given) and the width it never goes below (a date, a person). */
  flex?: number;
  minWidth?: number;
  /** Shown on a phone too (below the `sm` breakpoint), where the other columns hide so the row and its actions fit. */
  onPhone?: true;
}

export interface RowAction<Row extends ListItem> {
  labelKey: string;
  Icon: SvgIconComponent;
  run: (row: Row, session: ActorRefFrom<typeof sessionMachine>) => void;
}

/**
 * A row on a phone (react-admin's `SimpleList`): a primary line, a secondary line and a status before them, in place
 * of the grid's columns, which a 360 px screen cannot hold. Each names columns of the list (`field`), shown as the
 * grid shows them: the primary line's joined by a space, the secondary's by a dot.
 */
export interface PhoneRowConfig {
  primary: readonly string[];
  secondary?: readonly string[];
  /** Columns whose icons say the row's state (a user's status and scope). */
  status?: readonly string[];
}

/** A filter of a list as its bar shows it: the declared field (`contract/list-fields.ts`) and its texts. */
export interface FilterConfig {
  field: ListFilterField;
  /** The filter's name ("Status"). */
  labelKey: string;
  /** An enumeration's values are named `{valuesKey}.{value}` ("userStatus" → "userStatus.ACTIVE"). */
  valuesKey?: string;
}

/** Every filter a list declares, each with its texts: a filter without them does not compile. */
export function filterConfigs<Fields extends Readonly<Record<string, ListFilterField>>>(
  fields: Fields,
  texts: { [Name in keyof Fields]: Omit<FilterConfig, 'field'> },
): Readonly<Record<string, FilterConfig>> {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, { field, ...texts[name as keyof Fields] }]));
}

export interface ListConfig<Row extends ListItem> {
  titleKey: string;
  /** The `sortBy` values the API accepts for this resource (docs/api-contract.md). */
  allowedSorts: readonly string[];
  columns: ReadonlyArray<ColumnConfig<Row>>;
  /** How a row reads on a phone; without it the phone shows the grid with the columns marked `onPhone`. */
  phone?: PhoneRowConfig;
  /** Rows that are not records to open or add (the audit log): no Add button, no Edit action. */
  readOnly?: true;
  deletable: boolean;
  /** The notice once a row is deleted ("Company deleted"). */
  deletedKey?: string;
  /** The row's Delete under another name (Revoke) and its confirmation's question; Delete and "Are you sure…" unless given. */
  deleteLabelKey?: string;
  deleteConfirmKey?: string;
  rowActions?: ReadonlyArray<RowAction<Row>>;
  /** Rows meeting this change on their own (a video being processed): the list fetches them again until none does. */
  followWhile?: Condition;
  /** Only rows meeting `condition` may be deleted (a plan while a DRAFT); the others' Delete is disabled, saying `blockedKey`. */
  deleteWhen?: { condition: Condition; blockedKey: string };
  /** The filters beside the search box (issue 29), kept in the address; none when absent. */
  filters?: Readonly<Record<string, FilterConfig>>;
  /** The actions offered on selected rows, in one request (`POST {resource}/bulk`): the grid then has checkboxes. */
  bulkActions?: readonly BulkActionName[];
  /** Rows have checkboxes for Export selection even without bulk actions (tenants); implied by `bulkActions`. */
  selectable?: boolean;
}
