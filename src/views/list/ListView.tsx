import { useSelector } from '@xstate/react';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../domain/failure';
import { offeredTo, type ResourceName, type ResourceRecords } from '../../domain/resource';
import { selectDeletingId, selectFailure, selectIsBusy, selectIsSelectable, type ListItem } from '../../machines/list.machine';
import { useConsoleActorRef, useResourceMachines, useSessionActor } from '../actors';
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
// What only some lists show, in the chunks of their screens (`route-chunks.ts`), which no other list fetches.
import { QtiImportButton } from '../quizzes/lazy-quiz-views';
import { PlatformSecurityPanel, ResendInvitationsButton } from '../accounts/lazy-account-views';
import { ActionAlert } from '../pages/ActionAlert';
import { LoadBoundary } from '../pages/LoadBoundary';
import { BulkSelection } from './BulkActions';
import { useLocation, useSearch } from 'wouter';
import { readFilters, withFilters } from '../../machines/list-query';
import { selectSessionState } from '../../machines/session.machine';
import { FilterBar, FilterButton } from './ListFilters';
import { bulkActionAllowed } from '../../domain/bulk';

/** The grid (MUI DataGrid) is the heaviest code of the console: a chunk of its own, fetched with the first list. */
export const ListGrid = lazyView(() => import('./ListGrid').then((module) => module.ListGrid));

/**
 * The list screen of any resource: title, search and add, the grid, and the delete confirmation. The list
 * machine starts (and fetches the rows) at once, while the grid's code may still be on its way.
 */
export function ListView<Name extends ResourceName>({ resource, config }: { resource: Name; config: ListConfig<ResourceRecords[Name]> }) {
  const filtering = useListFilters(config);
  // Other filters are another list: it starts afresh at their address, so a reload, Back and a pasted link keep them.
  return <ResourceList key={new URLSearchParams(filtering.filters).toString()} resource={resource} config={config} filtering={filtering} />;
}

/**
 * A list's filters as its address holds them (those the list declares and offers to the user's scope, with values
 * they take), the change of one (the address with it, on the first page), and whether the panel is open: kept
 * outside the list, which starts afresh with other filters, so the panel stays open and its field focused.
 */
function useListFilters({ filters: configured }: { filters?: ListConfig<ListItem>['filters'] }) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const scope = useSelector(useSessionActor(), selectSessionState)?.user.scope ?? 'COMPANY';
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState<string | null>(null);
  const configs = configured ?? {};
  const fields = Object.fromEntries(Object.entries(configs).map(([name, { field }]) => [name, field]));
  const filters = readFilters(search, fields, scope);
  const offered = Object.keys(fields).filter((name) => offeredTo(fields[name]!, scope));
  const change = (name: string, value: string) => {
    setFocus(name);
    navigate(`${path}?${withFilters(search, fields, { ...filters, [name]: value })}`);
  };
  return { configs, offered, filters, open, focus, toggle: () => setOpen(!open), change };
}

type ListFiltering = ReturnType<typeof useListFilters>;

/** The list's bulk actions that the user's scope may run (adding to a group, assigning a plan: COMPANY admins). */
function useBulkActionsOffered(actions: ListConfig<ListItem>['bulkActions']) {
  const scope = useSelector(useSessionActor(), selectSessionState)?.user.scope ?? 'COMPANY';
  return actions?.filter((action) => bulkActionAllowed(action, scope));
}

function ResourceList<Name extends ResourceName>({
  resource,
  config,
  filtering,
}: {
  resource: Name;
  config: ListConfig<ResourceRecords[Name]>;
  filtering: ListFiltering;
}) {
  const machines = useResourceMachines(resource);
  const exporter = useConsoleActorRef(machines.export);
  const bulkActions = useBulkActionsOffered(config.bulkActions);
  const list = useListInAddressBar(machines.list, config.allowedSorts, {
    ...(config.followWhile && { followWhile: config.followWhile }),
    ...(config.deleteWhen && { deleteWhen: config.deleteWhen.condition }),
    ...(config.deletedKey && { deletedKey: config.deletedKey }),
    ...(bulkActions && { bulkActions }),
    ...(config.selectable && { selectable: true }),
    filters: filtering.filters,
  });
  const { configs, offered, filters, open, focus, toggle, change } = filtering;
  const filterProps = offered.length > 0 && {
    filterButton: <FilterButton count={Object.keys(filters).length} open={open} onToggle={toggle} />,
    filterBar: <FilterBar open={open} focus={focus} configs={configs} offered={offered} filters={filters} onChange={change} />,
  };
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
      <ListScreen
        list={list}
        config={config}
        basePath={`/${resource}`}
        exporter={exporter}
        // Until their code is there (the page's start asked for it with the route's), the list shows without them.
        actions={actions && <Suspense fallback={null}>{actions}</Suspense>}
        {...filterProps}
      />
      {resource === 'tenants' && (
        <Suspense fallback={null}>
          <PlatformSecurityPanel />
        </Suspense>
      )}
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
  filterButton,
  filterBar,
}: {
  list: ListActor<Row>;
  config: ListConfig<Row>;
  basePath: string;
  exporter?: ListExportActor;
  filters?: ReactNode;
  /** Buttons of this list beside Add (the users' Import). */
  actions?: ReactNode;
  /** A list with filters (issue 29): its Filters button in the toolbar, its fields and chips below it. */
  filterButton?: ReactNode;
  filterBar?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(config.titleKey)}</PageTitle>
      {filters}
      <ListToolbar
        list={list}
        addPath={config.readOnly ? undefined : `${basePath}/new`}
        exporter={exporter}
        actions={actions}
        filterButton={filterButton}
        savedViews
      />
      {filterBar}
      <ListBody list={list} config={config} basePath={basePath} exporter={exporter} />
    </>
  );
}

/** Below a list's toolbar: the grid (its code loading, then its rows; two-line rows on a phone) or why the rows failed, and the delete confirmation. */
export function ListBody<Row extends ListItem>({
  list,
  config,
  basePath,
  exporter,
}: {
  list: ListActor<Row>;
  config: ListConfig<Row>;
  basePath: string;
  /** The list's export, offered for its selection too (issue 29). */
  exporter?: ListExportActor | undefined;
}) {
  const failure = useSelector(list, selectFailure);
  const selectable = useSelector(list, selectIsSelectable);
  // On a phone, a list that says how its rows read there shows two-line rows instead of the grid.
  const phone = usePhone() ? config.phone : undefined;
  return (
    <>
      {selectable && <BulkSelection list={list as ListActor} exporter={exporter} />}
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
