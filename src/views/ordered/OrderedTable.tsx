import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  selectCanDelete,
  selectDeletingId,
  selectFailure,
  selectIsBusy,
  selectIsEmpty,
  selectIsLoading,
  selectOrderedItems,
  selectPickedId,
  type OrderedItem,
  type OrderedListMachine,
} from '../../machines/ordered-list.machine';
import { useConsoleActorRef } from '../actors';
import { DeleteConfirmDialog } from '../dialogs/DeleteConfirmDialog';
import { VisuallyHidden } from '../list/VisuallyHidden';
import type { OrderedActor } from './ordered-actor';
import { offPhone, type OrderedTableConfig } from './ordered-config';
import { OrderedRow } from './OrderedRow';
import { useSortableRows } from './sortable-rows';
import { FetchFailure } from '../list/ListView';

export interface OrderedTableProps<Row extends OrderedItem> {
  machine: OrderedListMachine<Row>;
  config: OrderedTableConfig<Row>;
  /** Where the rows' pages live: `{basePath}/new` adds one, `{basePath}/{id}` edits one. */
  basePath: string;
}

/** Rows the user orders by hand, with a handle to drag or move by keyboard, and add, edit and delete. */
export function OrderedTable<Row extends OrderedItem>({ machine, config, basePath }: OrderedTableProps<Row>) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const ordered = useConsoleActorRef(machine, { input: { deleteWhen: config.deleteWhen, deletedKey: config.deletedKey } });
  const items = useSelector(ordered, selectOrderedItems<Row>);
  const loading = useSelector(ordered, selectIsLoading);
  const empty = useSelector(ordered, selectIsEmpty);
  const failure = useSelector(ordered, selectFailure);
  const canDelete = useSelector(ordered, selectCanDelete);
  const pickedId = useSelector(ordered, selectPickedId);
  const sortable = useSortableRows(ordered, config.label);
  const titleId = useId();
  const instructionsId = useId();

  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t(config.titleKey)}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(`${basePath}/new`)}>
          {t(config.addLabelKey)}
        </Button>
      </Stack>
      {failure ? (
        <FetchFailure failure={failure} onRetry={() => ordered.send({ type: 'ordered.retry' })} />
      ) : (
        <TableContainer>
          <Table size="small" data-testid={config.testId} aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <VisuallyHidden>{t('ordered.handleColumn')}</VisuallyHidden>
                </TableCell>
                {config.columns.map(({ field, headerKey, width, onPhone }) => (
                  <TableCell key={field} sx={{ ...(width && { width }), ...(!onPhone && offPhone) }}>
                    {t(headerKey)}
                  </TableCell>
                ))}
                <TableCell align="right">{t('list.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((row) => (
                <OrderedRow
                  key={row.id}
                  row={row}
                  columns={config.columns}
                  label={config.label(row)}
                  picked={row.id === pickedId}
                  ordered={ordered}
                  deleteBlockedReason={canDelete ? null : t(config.deleteBlockedKey)}
                  instructionsId={instructionsId}
                  sortable={sortable}
                  onEdit={() => navigate(`${basePath}/${row.id}`)}
                  onDelete={() => ordered.send({ type: 'ordered.delete', id: row.id })}
                />
              ))}
            </TableBody>
          </Table>
          {loading && (
            <Typography role="status" sx={{ p: 2, textAlign: 'center' }}>
              {t('app.loading')}
            </Typography>
          )}
          {empty && <Typography sx={{ p: 2, textAlign: 'center', color: 'text.secondary' }}>{t('list.empty')}</Typography>}
        </TableContainer>
      )}
      <VisuallyHidden id={instructionsId}>{t('ordered.instructions')}</VisuallyHidden>
      <VisuallyHidden live="assertive">{sortable.announcement}</VisuallyHidden>
      <DeleteConfirmation ordered={ordered} />
    </Paper>
  );
}

function DeleteConfirmation({ ordered }: { ordered: OrderedActor }) {
  const deletingId = useSelector(ordered, selectDeletingId);
  const busy = useSelector(ordered, selectIsBusy);
  return (
    <DeleteConfirmDialog
      open={deletingId !== null}
      busy={busy}
      onConfirm={() => ordered.send({ type: 'ordered.confirmDelete' })}
      onCancel={() => ordered.send({ type: 'ordered.cancelDelete' })}
    />
  );
}
