import { useSelector } from '@xstate/react';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../domain/failure';
import type { ResourceName, ResourceRecords } from '../../domain/resource';
import { selectDeletingId, selectFailure, selectIsBusy, type ListItem } from '../../machines/list.machine';
import { useConsoleActorRef, useResourceMachines } from '../actors';
import { DeleteConfirmDialog } from '../dialogs/DeleteConfirmDialog';
import { PageTitle } from '../pages/PageTitle';
import { useListInAddressBar } from './list-address';
import type { ListActor } from './list-actor';
import type { ListConfig } from './list-config';
import { lazyView } from '../lazy-view';
import { GridLoading } from './grid-loading';
import { PhoneRows } from './PhoneRows';
import { usePhone } from './use-phone';
import { ListToolbar, type ListExportActor } from './ListToolbar';
import { UserImportButton } from '../user-import/UserImportButton';
import { QtiImportButton } from '../quizzes/QtiExchange';
import { ResendInvitationsButton } from '../accounts/ResendInvitationsButton';
import { PlatformSecurityPanel } from '../accounts/SecurityPolicyPanel';
import { ActionAlert } from '../pages/ActionAlert';
import { LoadBoundary } from '../pages/LoadBoundary';
import { BulkSelection } from './BulkActions';

/** The grid (MUI DataGrid) is the heaviest code of the console: a chunk of its own, fetched with the first list. */
export const ListGrid = lazyView(() => import('./ListGrid').then((module) => module.ListGrid));

/**
 * The list screen of any resource: title, search and add, the grid, and the delete confirmation. The list
 * machine starts (and fetches the rows) at once, while the grid's code may still be on its way.
 */
export function ListView<Name extends ResourceName>({ resource, config }: { resource: Name; config: ListConfig<ResourceRecords[Name]> }) {
  const machines = useResourceMachines(resource);
  const exporter = useConsoleActorRef(machines.export);
  const list = useListInAddressBar(machines.list, config.allowedSorts, {
    ...(config.followWhile && { followWhile: config.followWhile }),
    ...(config.deleteWhen && { deleteWhen: config.deleteWhen.condition }),
    ...(config.deletedKey && { deletedKey: config.deletedKey }),
    ...(config.bulkActions && { bulkActions: config.bulkActions }),
  });
  const actions =
    resource === 'users' ? (
      <>
        <ResendInvitationsButton list={list as ListActor<ResourceRecords['users']>} />
        <UserImportButton onClosed={() => list.send({ type: 'list.refresh' })} />
      </>
    ) : resource === 'quizzes' ? (
      <QtiImportButton onClosed={() => list.send({ type: 'list.refresh' })} />
    ) : undefined;
  return (
    <>
      <ListScreen list={list} config={config} basePath={`/${resource}`} exporter={exporter} actions={actions} />
      {resource === 'tenants' && <PlatformSecurityPanel />}
    </>
  );
}

/**
 * A list's screen around its actor: the title, `filters` when the list has some (the Activity page), the toolbar
 * (search, refresh, the user's saved views of its address, export when given, Add unless the list is read-only), the grid or why it failed, and the delete
 * confirmation of a deletable list.
 */
export function ListScreen<Row extends ListItem>({
  list,
  config,
  basePath,
  exporter,
  filters,
  actions,
}: {
  list: ListActor<Row>;
  config: ListConfig<Row>;
  basePath: string;
  exporter?: ListExportActor;
  filters?: ReactNode;
  /** Buttons of this list beside Add (the users' Import). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(config.titleKey)}</PageTitle>
      {filters}
      <ListToolbar list={list} addPath={config.readOnly ? undefined : `${basePath}/new`} exporter={exporter} actions={actions} savedViews />
      <ListBody list={list} config={config} basePath={basePath} />
    </>
  );
}

/** Below a list's toolbar: the grid (its code loading, then its rows; two-line rows on a phone) or why the rows failed, and the delete confirmation. */
export function ListBody<Row extends ListItem>({
  list,
  config,
  basePath,
}: {
  list: ListActor<Row>;
  config: ListConfig<Row>;
  basePath: string;
}) {
  const failure = useSelector(list, selectFailure);
  // On a phone, a list that says how its rows read there shows two-line rows instead of the grid.
  const phone = usePhone() ? config.phone : undefined;
  return (
    <>
      {config.bulkActions && <BulkSelection list={list as ListActor} />}
      {failure ? (
        <FetchFailure failure={failure} onRetry={() => list.send({ type: 'list.retry' })} />
      ) : phone ? (
        <PhoneRows list={list} config={config} phone={phone} basePath={basePath} />
      ) : (
        <LoadBoundary>
          <Suspense fallback={<GridLoading />}>
            <ListGrid list={list} config={config} basePath={basePath} />
          </Suspense>
        </LoadBoundary>
      )}
      {config.deletable && (
        <DeleteConfirmation list={list as ListActor} textKey={config.deleteConfirmKey} confirmKey={config.deleteLabelKey} />
      )}
    </>
  );
}

/** Rows that could not be fetched, and Retry (lists and ordered tables). */
export function FetchFailure({ failure, onRetry }: { failure: Failure; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionAlert actionLabel={t('list.retry')} onAction={onRetry}>
      {`${t('feedback.fetchError')} ${failure.status}`}
    </ActionAlert>
  );
}

/** The confirmation of a row's Delete: "Are you sure to delete?" and Confirm unless the list names them (`textKey`, `confirmKey`). */
export function DeleteConfirmation({ list, textKey, confirmKey }: { list: ListActor; textKey?: string; confirmKey?: string }) {
  const deletingId = useSelector(list, selectDeletingId);
  const busy = useSelector(list, selectIsBusy);
  return (
    <DeleteConfirmDialog
      open={deletingId !== null}
      busy={busy}
      {...(textKey && { textKey })}
      {...(confirmKey && { confirmKey })}
      onConfirm={() => list.send({ type: 'list.confirmDelete' })}
      onCancel={() => list.send({ type: 'list.cancelDelete' })}
    />
  );
}
