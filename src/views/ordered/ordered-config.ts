import type { Condition } from '../../machines/condition';
import type { OrderedItem } from '../../machines/ordered-list.machine';
import type { ColumnConfig } from '../list/list-config';

/** What makes an ordered table a plan's modules or a module's items. */
export interface OrderedTableConfig<Row extends OrderedItem> {
  titleKey: string;
  addLabelKey: string;
  /** The table's `data-testid`. */
  testId: string;
  columns: ReadonlyArray<ColumnConfig<Row>>;
  /** What names a row to the user (the handle's label, the announcements). */
  label: (row: Row) => string;
  /** Rows may be deleted only while their owner meets this (the plan is a DRAFT); the view then says why not. */
  deleteWhen?: Condition;
  deleteBlockedKey: string;
  /** The notice once a row is deleted ("Module deleted"). */
  deletedKey: string;
}

/** A column's cells on a phone-wide screen, unless the column says `onPhone`: hidden, so the handle, the title and the actions fit. */
export const offPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;
