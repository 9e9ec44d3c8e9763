import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListItem, ListMachine } from '../../machines/list.machine';
import { useConsoleActorRef } from '../actors';
import type { ListActor } from '../list/list-actor';
import type { ListConfig } from '../list/list-config';
import { ListToolbar, type ListExportActor } from '../list/ListToolbar';
import { ListBody } from '../list/ListView';

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
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ mt: 3, p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {t(config.titleKey)}
      </Typography>
      <ListToolbar list={list as ListActor} actions={actions} exporter={exporter} searchable={searchable} />
      <ListBody list={list} config={config} basePath={basePath} />
    </Paper>
  );
}

/**
 * A panel's list and the dialog that adds to it: `opened` keys a new dialog each time it opens (0: closed), and
 * closing it after a save refreshes the list. `deleteWhen` says which rows may be deleted (a credential not revoked).
 */
export function useListWithDialog<Row extends ListItem>(
  machine: ListMachine<Row>,
  deletedKey: string,
  deleteWhen?: NonNullable<ListConfig<Row>['deleteWhen']>,
) {
  const list = useConsoleActorRef(machine, {
    input: { allowedSorts: [], deletedKey, ...(deleteWhen && { deleteWhen: deleteWhen.condition }) },
  });
  const [opened, setOpened] = useState(0);
  const open = () => setOpened((count) => count + 1);
  const closed = (saved: boolean) => {
    setOpened(0);
    if (saved) list.send({ type: 'list.refresh' });
  };
  return { list, opened, open, closed };
}
