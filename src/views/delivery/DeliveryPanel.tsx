import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectFailure, type ListItem } from '../../machines/list.machine';
import type { ListActor } from '../list/list-actor';
import type { ListConfig } from '../list/list-config';
import { GridLoading } from '../list/grid-loading';
import { ListToolbar, type ListExportActor } from '../list/ListToolbar';
import { DeleteConfirmation, FetchFailure, ListGrid } from '../list/ListView';
import { LoadBoundary } from '../pages/LoadBoundary';

/**
 * A list below a record's form (a group's members, a plan's assignments): its title, the toolbar (search unless
 * `searchable` is false, refresh, `actions`), the grid or why it failed, and the delete confirmation.
 */
export function DeliveryPanel<Row extends ListItem>({
  list,
  config,
  basePath,
  actions,
  exporter,
  searchable = true,
}: {
  list: ListActor<Row>;
  config: ListConfig<Row>;
  basePath: string;
  actions?: ReactNode;
  /** Export as CSV: every row with the list's search, sort and filters. */
  exporter?: ListExportActor;
  searchable?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const failure = useSelector(list, selectFailure);
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ mt: 3, p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {t(config.titleKey)}
      </Typography>
      <ListToolbar list={list as ListActor} actions={actions} exporter={exporter} searchable={searchable} />
      {failure ? (
        <FetchFailure failure={failure} onRetry={() => list.send({ type: 'list.retry' })} />
      ) : (
        <LoadBoundary>
          <Suspense fallback={<GridLoading />}>
            <ListGrid list={list} config={config} basePath={basePath} />
          </Suspense>
        </LoadBoundary>
      )}
      {config.deletable && <DeleteConfirmation list={list as ListActor} />}
    </Paper>
  );
}
