import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useSearch } from 'wouter';
import { auditActions, auditEntities } from '../../domain/activity';
import { selectSessionState } from '../../machines/session.machine';
import { useActivityMachine, useSessionActor } from '../actors';
import { ListScreen } from '../list/ListView';
import { useListInAddressBar } from '../list/list-address';
import {
  activityFilterNames,
  dayOfFrom,
  dayOfTo,
  filterRecord,
  fromOfDay,
  readActivityFilters,
  toOfDay,
  type ActivityFilters,
} from './activity-filters';
import { activityList, entityLabel } from './activity-list';

/**
 * The Activity page (GLOBAL and TENANT admins): the audit log on the generic list machine and view, with filters
 * (actor, record, action, dates) kept in the address with the page, the sort and the search. Other filters are
 * another list: the list starts afresh at their address, so a reload, Back and a pasted link keep them all.
 */
export function ActivityPage() {
  const state = useSelector(useSessionActor(), selectSessionState);
  const filters = readActivityFilters(useSearch());
  // A COMPANY admin reads one record's History, never the whole log (the API refuses it too).
  if (state?.user.scope === 'COMPANY') return <Redirect to="/home" replace />;
  return <ActivityList key={new URLSearchParams(filterRecord(filters)).toString()} filters={filters} />;
}

function ActivityList({ filters }: { filters: ActivityFilters }) {
  const list = useListInAddressBar(useActivityMachine(), activityList.allowedSorts, { filters: filterRecord(filters) });
  return <ListScreen list={list} config={activityList} basePath="/activity" filters={<FilterBar filters={filters} />} />;
}

/** The address with other filters: the list's sort, size and search stay, its first page. */
function useFilterChange(filters: ActivityFilters) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  return (change: ActivityFilters) => {
    const params = new URLSearchParams(search);
    for (const name of [...activityFilterNames, 'page']) params.delete(name);
    params.set('page', '1');
    for (const [name, value] of Object.entries(filterRecord({ ...filters, ...change }))) params.set(name, value);
    navigate(`${path}?${params.toString()}`);
  };
}

function FilterBar({ filters }: { filters: ActivityFilters }) {
  const { t } = useTranslation();
  const change = useFilterChange(filters);
  const hasFilters = Object.keys(filterRecord(filters)).length > 0;
  return (
    <Stack
      component="form"
      role="search"
      aria-label={t('activity.filters')}
      direction={{ xs: 'column', md: 'row' }}
      spacing={1}
      sx={{ mb: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }}
      onSubmit={(event) => event.preventDefault()}
    >
      {/* Who acted is found with the list's one search box (the API searches actors and records): no second text field. */}
      <FilterSelect
        label={t('activity.entity')}
        value={filters.entity}
        options={auditEntities.map((entity) => [entity, entityLabel(t, entity)])}
        onChange={(entity) => change({ entity })}
      />
      <FilterSelect
        label={t('history.action')}
        value={filters.action}
        options={auditActions.map((action) => [action, t(`history.actions.${action}`)])}
        onChange={(action) => change({ action })}
      />
      <TextField
        type="date"
        label={t('activity.from')}
        size="small"
        value={dayOfFrom(filters.from)}
        onChange={(event) => change({ from: event.target.value ? fromOfDay(event.target.value) : '' })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        label={t('activity.to')}
        size="small"
        value={dayOfTo(filters.to)}
        onChange={(event) => change({ to: event.target.value ? toOfDay(event.target.value) : '' })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {hasFilters && (
        <Button
          onClick={() => {
            change({ actor: '', entity: '', action: '', from: '', to: '' });
          }}
        >
          {t('activity.clear')}
        </Button>
      )}
    </Stack>
  );
}

/** A filter chosen from a few values, or All: a native select, which every browser and screen reader knows. */
function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 160 }}
    >
      <option value="">{t('activity.all')}</option>
      {options.map(([option, text]) => (
        <option key={option} value={option}>
          {text}
        </option>
      ))}
    </TextField>
  );
}
