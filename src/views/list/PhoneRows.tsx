import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { PAGE_SIZES } from '../../machines/list-query';
import {
  selectAllSelected,
  selectDeletableIds,
  selectIsLoading,
  selectItems,
  selectMayDeleteRow,
  selectQuery,
  selectIsSelectable,
  selectSelectedIds,
  selectTotal,
  selectTotalIsEstimate,
  type ListItem as Row,
} from '../../machines/list.machine';
import { selectIsBusy } from '../../machines/session.machine';
import { useSessionActor } from '../actors';
import { LoadingLine } from '../pages/LoadingLine';
import { BlockedAction } from './BlockedAction';
import { loadingLineSx } from './grid-loading';
import type { ListActor } from './list-actor';
import type { ListConfig, PhoneRowConfig } from './list-config';
import { tablePaginationTexts } from './paging-texts';

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * The selection after a row's checkbox changed, as the grid's checkboxes make it: checked, the row joins the
 * selection; unchecked, it leaves it ("Select all" then becomes the rows selected and shown but that one).
 */
export const toggledSelection = (
  selected: readonly string[],
  allSelected: boolean,
  shown: readonly string[],
  id: string,
  checked: boolean,
) => {
  const current = allSelected ? [...new Set([...selected, ...shown])] : selected;
  return checked ? [...new Set([...current, id])] : current.filter((other) => other !== id);
};

/**
 * A list on a phone, as react-admin's `SimpleList`: each row two lines (primary, secondary) after its status, leading
 * to its edit page as the grid's Edit does, its Delete and row actions at its end; above, the sort as a select (the
 * grid's headers do not fit); below, the pager. The same list actor as the grid: paging, sorting and search hold.
 */
export function PhoneRows<R extends Row>({
  list,
  config,
  phone,
  basePath,
}: {
  list: ListActor<R>;
  config: ListConfig<R>;
  phone: PhoneRowConfig;
  basePath: string;
}) {
  const { t } = useTranslation();
  const query = useSelector(list, selectQuery);
  const items = useSelector(list, selectItems<R>);
  const total = useSelector(list, selectTotal);
  const totalIsEstimate = useSelector(list, selectTotalIsEstimate);
  const loading = useSelector(list, selectIsLoading);
  const deletable = useSelector(list, selectDeletableIds, sameIds);
  const texts = tablePaginationTexts(t);
  // Bulk actions (issue 29): a checkbox per row, the same selection as the grid's, the same bar above.
  const selectable = useSelector(list, selectIsSelectable);
  const selectedIds = useSelector(list, selectSelectedIds);
  const allSelected = useSelector(list, selectAllSelected);
  const select = (id: string, checked: boolean) =>
    list.send({
      type: 'list.select',
      ids: toggledSelection(
        selectedIds,
        allSelected,
        items.map((item) => item.id),
        id,
        checked,
      ),
    });
  return (
    <Box data-testid="phone-rows">
      <SortSelect list={list} config={config} />
      {loading && <LoadingLine sx={loadingLineSx} />}
      {!loading && items.length === 0 ? (
        <Typography sx={{ py: 2 }}>{t('list.empty')}</Typography>
      ) : (
        <List aria-label={t(config.titleKey)} sx={{ borderTop: 1, borderColor: 'divider' }}>
          {items.map((row) => (
            <PhoneRow
              key={row.id}
              row={row}
              list={list}
              config={config}
              phone={phone}
              href={config.readOnly ? undefined : `${basePath}/${row.id}`}
              mayDelete={deletable.includes(row.id)}
              selection={selectable ? { checked: allSelected || selectedIds.includes(row.id), select } : undefined}
              t={t}
            />
          ))}
        </List>
      )}
      <TablePagination
        component="div"
        count={total}
        page={Math.max(0, Math.min(query.page - 1, Math.ceil(total / query.pageSize) - 1))}
        rowsPerPage={query.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        {...texts}
        labelDisplayedRows={({ from, to, count }) =>
          t(totalIsEstimate ? 'list.displayedRowsAbout' : 'list.displayedRows', { from, to, count })
        }
        onPageChange={(_, page) => list.send({ type: 'list.page', page: page + 1 })}
        onRowsPerPageChange={(event) => list.send({ type: 'list.pageSize', pageSize: Number(event.target.value) })}
        // The label "Rows per page" still names the select (aria-labelledby), but takes no room on a phone.
        sx={{
          '& .MuiTablePagination-selectLabel': {
            position: 'absolute',
            width: '1px',
            height: '1px',
            overflow: 'hidden',
            clipPath: 'inset(50%)',
          },
        }}
      />
    </Box>
  );
}

/** The grid's sortable columns, each ascending and descending, as one select: what the headers' buttons do. */
function SortSelect<R extends Row>({ list, config }: { list: ListActor<R>; config: ListConfig<R> }) {
  const { t } = useTranslation();
  const query = useSelector(list, selectQuery);
  const sortable = config.columns.filter((column) => column.sortBy);
  if (sortable.length === 0) return null;
  const value = query.sortBy ? `${query.sortBy}:${query.sortOrder ?? 'asc'}` : '';
  return (
    <TextField
      select
      size="small"
      label={t('list.sortBy')}
      value={value}
      onChange={(event) => {
        const [sortBy, sortOrder] = event.target.value.split(':') as [string, 'asc' | 'desc'];
        list.send({ type: 'list.sort', sortBy, sortOrder });
      }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ mb: 1, minWidth: 200 }}
    >
      {!query.sortBy && (
        <option value="" disabled>
          {t('list.sortDefault')}
        </option>
      )}
      {sortable.flatMap(({ sortBy, headerKey }) =>
        (['asc', 'desc'] as const).map((order) => (
          <option key={`${sortBy}:${order}`} value={`${sortBy}:${order}`}>
            {t(order === 'asc' ? 'list.sortOptionAscending' : 'list.sortOptionDescending', { column: t(headerKey) })}
          </option>
        )),
      )}
    </TextField>
  );
}

/** What the grid shows in each of these columns of the row (its `render`, its `text` or its field), the empty ones left out. */
function shownCells<R extends Row>(config: ListConfig<R>, fields: readonly string[], row: R, t: TFunction): ReactNode[] {
  return fields
    .map((field) => {
      const column = config.columns.find((candidate) => candidate.field === field);
      if (column?.render) return column.render(row, t);
      if (column?.text) return column.text(row);
      const value = (row as Record<string, unknown>)[field];
      return value == null ? null : String(value as string | number | boolean);
    })
    .filter((cell) => cell !== null && cell !== undefined && cell !== '' && cell !== false);
}

const joined = (cells: ReactNode[], separator: string) =>
  cells.length === 0
    ? undefined
    : cells.map((cell, index) => (
        <Fragment key={index}>
          {index > 0 && separator}
          {cell}
        </Fragment>
      ));

function PhoneRow<R extends Row>({
  row,
  list,
  config,
  phone,
  href,
  mayDelete,
  selection,
  t,
}: {
  row: R;
  list: ListActor<R>;
  config: ListConfig<R>;
  phone: PhoneRowConfig;
  href: string | undefined;
  mayDelete: boolean;
  selection: { checked: boolean; select: (id: string, checked: boolean) => void } | undefined;
  t: TFunction;
}) {
  const session = useSessionActor();
  const sessionBusy = useSelector(session, selectIsBusy);
  const actions: ReactNode[] = (config.rowActions ?? []).map(({ labelKey, Icon, run }) => (
    <IconButton key={labelKey} aria-label={t(labelKey)} disabled={sessionBusy} onClick={() => run(row, session)}>
      <Icon />
    </IconButton>
  ));
  if (config.deletable) {
    actions.push(
      config.deleteWhen && !selectMayDeleteRow(list.getSnapshot(), row) ? (
        <BlockedAction key="delete" label={t('list.delete')} icon={<DeleteIcon />} reason={t(config.deleteWhen.blockedKey)} disabled />
      ) : (
        <IconButton
          key="delete"
          aria-label={t('list.delete')}
          disabled={!mayDelete}
          onClick={() => list.send({ type: 'list.delete', id: row.id })}
        >
          <DeleteIcon />
        </IconButton>
      ),
    );
  }
  const cells = (fields: readonly string[] | undefined) => shownCells(config, fields ?? [], row, t);
  const status = cells(phone.status);
  const content = (
    <>
      {status.length > 0 && (
        <Stack direction="row" spacing={0.5} sx={{ mr: 1.5, flexShrink: 0, alignItems: 'center' }}>
          {status.map((cell, index) => (
            <Fragment key={index}>{cell}</Fragment>
          ))}
        </Stack>
      )}
      <ListItemText
        id={`phone-row-${row.id}`}
        primary={joined(cells(phone.primary), ' ')}
        secondary={joined(cells(phone.secondary), ' · ')}
        slotProps={{
          primary: { noWrap: true, component: 'div' },
          secondary: { noWrap: true, component: 'div' },
        }}
        sx={{ minWidth: 0 }}
      />
    </>
  );
  return (
    <ListItem
      data-id={row.id}
      divider
      disablePadding
      secondaryAction={actions.length > 0 ? <Stack direction="row">{actions}</Stack> : undefined}
      sx={{ '& .MuiListItemSecondaryAction-root': { right: 0 } }}
    >
      {selection && (
        <Checkbox
          edge="start"
          checked={selection.checked}
          onChange={(event) => selection.select(row.id, event.target.checked)}
          slotProps={{ input: { 'aria-labelledby': `phone-row-${row.id}` } }}
          sx={{ ml: 0.5 }}
        />
      )}
      {href ? (
        <ListItemButton component={RouterLink} href={href} sx={{ pl: 1, pr: actions.length * 5 + 1 }}>
          {content}
        </ListItemButton>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', width: '100%', py: 1, pl: 1, pr: actions.length * 5 + 1 }}>{content}</Box>
      )}
    </ListItem>
  );
}
