import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { DataGrid, GridActionsCell, GridActionsCellItem, useGridApiRef, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PAGE_SIZES } from '../../machines/list-query';
import { selectIsBusy } from '../../machines/session.machine';
import {
  selectIsLoading,
  selectItems,
  selectMayDeleteRow,
  selectQuery,
  selectTotal,
  selectTotalIsEstimate,
  selectDeletableIds,
  selectAllSelected,
  selectIsSelectable,
  selectSelectedIds,
  type ListItem,
} from '../../machines/list.machine';
import { useSessionActor } from '../actors';
import { LoadingLine } from '../pages/LoadingLine';
import { BlockedAction } from './BlockedAction';
import { gridLocaleText } from './grid-locale';
import { loadingLineSx } from './grid-loading';
import type { ListActor } from './list-actor';
import { CellText } from './CellContent';
import { type ColumnConfig, type ListConfig } from './list-config';
import { enterHeaderWidgets, SortableHeader } from './SortableHeader';

const LoadingText = () => <LoadingLine sx={loadingLineSx} />;

export function dataColumn<Row extends ListItem>(column: ColumnConfig<Row>, t: TFunction, list: ListActor): GridColDef<Row> {
  const { field, headerKey, sortBy, text, render, width, flex, minWidth } = column;
  const label = t(headerKey);
  return {
    field,
    headerName: label,
    sortable: false,
    ...(width ? { width } : { flex: flex ?? 1, minWidth: minWidth ?? (sortBy ? 150 : 140) }),
    ...(sortBy && {
      renderHeader: () => <SortableHeader list={list} label={label} sortBy={sortBy} />,
    }),
    ...(text && { valueGetter: (_value: never, row: Row) => text(row) }),
    ...(render
      ? { display: 'flex' as const, renderCell: ({ row }: { row: Row }) => render(row, t) }
      : {
          renderCell: ({ formattedValue }: { formattedValue?: unknown }) => (
            <CellText text={formattedValue == null ? '' : String(formattedValue)} />
          ),
        }),
  };
}

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/** The page of rows in a server-side DataGrid: the list machine holds paging and sorting, the grid only shows them. */
export function ListGrid<Row extends ListItem>({
  list,
  config,
  basePath,
}: {
  list: ListActor<Row>;
  config: ListConfig<Row>;
  basePath: string;
}) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const session = useSessionActor();
  const query = useSelector(list, selectQuery);
  const items = useSelector(list, selectItems<Row>);
  const total = useSelector(list, selectTotal);
  const totalIsEstimate = useSelector(list, selectTotalIsEstimate);
  const loading = useSelector(list, selectIsLoading);
  // Row actions that act on the session (assume a tenant) wait while the session is busy deciding another one.
  const sessionBusy = useSelector(session, selectIsBusy);
  // The rows whose Delete the machine takes now: none while a page loads or a search waits for its pause.
  const deletable = useSelector(list, selectDeletableIds, sameIds);

  const columns = useMemo((): GridColDef<Row>[] => {
    const rowActions = config.rowActions ?? [];
    const editable = !config.readOnly;
    const actionCount = (editable ? 1 : 0) + (config.deletable ? 1 : 0) + rowActions.length;
    const dataColumns = config.columns.map((column) => dataColumn(column, t, list));
    if (actionCount === 0) return dataColumns;
    return [
      ...dataColumns,
      {
        field: 'actions',
        headerName: t('list.actions'),
        sortable: false,
        width: 24 + actionCount * 40,
        display: 'flex',
        align: 'right',
        headerAlign: 'right',
        renderCell: (params) => (
          <GridActionsCell {...params} suppressChildrenValidation={Boolean(config.deleteWhen)}>
            {rowActions.map(({ labelKey, Icon, run }) => (
              <GridActionsCellItem
                key={labelKey}
                icon={<Icon />}
                label={t(labelKey)}
                disabled={sessionBusy}
                onClick={() => run(params.row, session)}
              />
            ))}
            {editable && (
              <GridActionsCellItem icon={<EditIcon />} label={t('list.edit')} onClick={() => navigate(`${basePath}/${params.row.id}`)} />
            )}
            {config.deletable &&
              (config.deleteWhen && !selectMayDeleteRow(list.getSnapshot(), params.row) ? (
                <BlockedAction
                  label={t(config.deleteLabelKey ?? 'list.delete')}
                  icon={<DeleteIcon fontSize="inherit" />}
                  reason={t(config.deleteWhen.blockedKey)}
                  disabled
                />
              ) : (
                <GridActionsCellItem
                  icon={<DeleteIcon />}
                  label={t(config.deleteLabelKey ?? 'list.delete')}
                  disabled={!deletable.includes(params.row.id)}
                  onClick={() => list.send({ type: 'list.delete', id: params.row.id })}
                />
              ))}
          </GridActionsCell>
        ),
      },
    ];
  }, [config, t, list, session, sessionBusy, deletable, navigate, basePath]);

  const apiRef = useGridApiRef();
  useEffect(() => apiRef.current?.subscribeEvent('columnHeaderKeyDown', enterHeaderWidgets), [apiRef]);

  // On a phone, the columns marked `onPhone` and the actions: the row fits the screen, its actions in reach.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const columnVisibilityModel = useMemo(
    () => (phone ? Object.fromEntries(config.columns.filter((column) => !column.onPhone).map(({ field }) => [field, false])) : {}),
    [phone, config.columns],
  );

  const localeText = useMemo(() => gridLocaleText(t, i18n.language, totalIsEstimate), [t, i18n.language, totalIsEstimate]);

  // Bulk actions (issue 29): the grid's checkboxes show the machine's selection, which outlives the page shown.
  const selectable = useSelector(list, selectIsSelectable);
  const selectedIds = useSelector(list, selectSelectedIds);
  const allSelected = useSelector(list, selectAllSelected);
  const rowSelectionModel = useMemo(
    (): GridRowSelectionModel => (allSelected ? { type: 'exclude', ids: new Set() } : { type: 'include', ids: new Set(selectedIds) }),
    [allSelected, selectedIds],
  );
  const changeSelection = (model: GridRowSelectionModel) => {
    // "exclude": every row but those (the header's checkbox): the rows shown join the selection.
    const ids =
      model.type === 'include'
        ? [...model.ids].map(String)
        : [...new Set([...selectedIds, ...items.map((item) => item.id)])].filter((id) => !model.ids.has(id));
    list.send({ type: 'list.select', ids });
  };

  const changePage = ({ page, pageSize }: GridPaginationModel) => {
    if (pageSize !== query.pageSize) list.send({ type: 'list.pageSize', pageSize });
    else if (page + 1 !== query.page) list.send({ type: 'list.page', page: page + 1 });
  };

  return (
    <DataGrid<Row>
      rows={items}
      columns={columns}
      apiRef={apiRef}
      columnVisibilityModel={columnVisibilityModel}
      rowCount={total}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      paginationModel={{ page: query.page - 1, pageSize: query.pageSize }}
      onPaginationModelChange={changePage}
      pageSizeOptions={PAGE_SIZES}
      localeText={localeText}
      slots={{ loadingOverlay: LoadingText }}
      autoHeight
      disableVirtualization
      disableColumnMenu
      disableColumnFilter
      disableColumnSelector
      disableRowSelectionOnClick
      hideFooterSelectedRowCount
      {...(selectable && {
        checkboxSelection: true,
        keepNonExistentRowsSelected: true,
        rowSelectionModel,
        onRowSelectionModelChange: changeSelection,
      })}
    />
  );
}
