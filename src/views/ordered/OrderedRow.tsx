import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { fieldOf } from '../../machines/form-fields';
import type { OrderedItem } from '../../machines/ordered-list.machine';
import { BlockedAction } from '../list/BlockedAction';
import type { ColumnConfig } from '../list/list-config';
import type { OrderedActor } from './ordered-actor';
import { offPhone } from './ordered-config';
import type { useSortableRows } from './sortable-rows';

export interface OrderedRowProps<Row extends OrderedItem> {
  row: Row;
  columns: ReadonlyArray<ColumnConfig<Row>>;
  label: string;
  picked: boolean;
  /** The rows' actor: it says which of the row's buttons do something now. */
  ordered: OrderedActor<Row>;
  /** Why the row may not be deleted; null when it may. */
  deleteBlockedReason: string | null;
  instructionsId: string;
  sortable: ReturnType<typeof useSortableRows<Row>>;
  onEdit: () => void;
  onDelete: () => void;
}

const cellContent = <Row extends OrderedItem>({ field, text, render }: ColumnConfig<Row>, row: Row, t: TFunction) =>
  render ? render(row, t) : text ? text(row) : String(fieldOf(row, field) ?? '');

/** One row: its handle (dragged, or moved by keyboard), its cells, and move up, move down, edit and delete. */
export function OrderedRow<Row extends OrderedItem>(props: OrderedRowProps<Row>) {
  const { row, columns, label, picked, ordered, deleteBlockedReason, instructionsId, sortable, onEdit, onDelete } = props;
  const { t } = useTranslation();
  const canMoveUp = useSelector(ordered, (snapshot) => snapshot.can({ type: 'ordered.move', id: row.id, offset: -1 }));
  const canMoveDown = useSelector(ordered, (snapshot) => snapshot.can({ type: 'ordered.move', id: row.id, offset: 1 }));
  const canDelete = useSelector(ordered, (snapshot) => snapshot.can({ type: 'ordered.delete', id: row.id }));
  return (
    <TableRow data-id={row.id} selected={picked} {...sortable.rowProps(row)}>
      <TableCell padding="checkbox">
        <Box
          component="span"
          role="button"
          tabIndex={0}
          aria-label={t('ordered.reorder', { label })}
          aria-describedby={instructionsId}
          {...sortable.handleProps(row)}
          sx={{
            display: 'inline-flex',
            p: 0.5,
            borderRadius: 1,
            cursor: 'grab',
            color: picked ? 'primary.main' : 'action.active',
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          <DragIndicatorIcon fontSize="small" />
        </Box>
      </TableCell>
      {columns.map((column) => (
        <TableCell key={column.field} sx={column.onPhone ? undefined : offPhone}>
          {cellContent(column, row, t)}
        </TableCell>
      ))}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <IconButton size="small" aria-label={t('ordered.moveUp')} disabled={!canMoveUp} onClick={() => sortable.move(row, -1)}>
          <ArrowUpwardIcon fontSize="inherit" />
        </IconButton>
        <IconButton size="small" aria-label={t('ordered.moveDown')} disabled={!canMoveDown} onClick={() => sortable.move(row, 1)}>
          <ArrowDownwardIcon fontSize="inherit" />
        </IconButton>
        <IconButton size="small" aria-label={t('list.edit')} onClick={onEdit}>
          <EditIcon fontSize="inherit" />
        </IconButton>
        {deleteBlockedReason === null ? (
          <IconButton size="small" aria-label={t('list.delete')} disabled={!canDelete} onClick={onDelete}>
            <DeleteIcon fontSize="inherit" />
          </IconButton>
        ) : (
          <BlockedAction label={t('list.delete')} icon={<DeleteIcon fontSize="inherit" />} reason={deleteBlockedReason} />
        )}
      </TableCell>
    </TableRow>
  );
}
