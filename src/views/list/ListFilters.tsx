import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countryCodes } from '../../domain/countries';
import type { ResourceName } from '../../domain/resource';
import type { NamedRef } from '../../domain/session';
import { selectRecord } from '../../machines/form.machine';
import { selectIsBusy, selectItems } from '../../machines/list.machine';
import { useConsoleActorRef, useResourceMachines } from '../actors';
import { ReferenceField } from '../form/ReferenceField';
import type { ListActor } from './list-actor';
import type { FilterConfig } from './list-config';
import { usePhone } from './use-phone';

/** The id of the panel the Filters button opens. */
export const filterPanelId = 'list-filters';

/** The toolbar's Filters button: how many filters are set (a badge), opening and closing the panel below the toolbar. */
export function FilterButton({ count, open, onToggle }: { count: number; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const label = count > 0 ? t('filters.buttonActive', { count }) : t('filters.button');
  const icon = (
    <Badge badgeContent={count} color="primary">
      <FilterListIcon />
    </Badge>
  );
  const state = { 'aria-expanded': open, 'aria-controls': filterPanelId };
  if (phone) {
    return (
      <Tooltip title={label}>
        <IconButton aria-label={label} size="small" onClick={onToggle} {...state}>
          {icon}
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="outlined"
      startIcon={icon}
      onClick={onToggle}
      aria-label={label}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      {...state}
    >
      {t('filters.button')}
    </Button>
  );
}

interface FiltersProps {
  configs: Readonly<Record<string, FilterConfig>>;
  /** The filters offered to the user, by name (the others' scopes do not include the user's). */
  offered: readonly string[];
  filters: Readonly<Record<string, string>>;
  onChange: (name: string, value: string) => void;
}

/**
 * Below the toolbar: the filters' fields when the panel is open (`focus`: the one just changed, focused again in the
 * list the change started), and a chip per filter set, each removable, read by screen readers as a list.
 */
export function FilterBar({ open, focus, ...props }: FiltersProps & { open: boolean; focus: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Collapse in={open} unmountOnExit>
        <Stack
          id={filterPanelId}
          component="form"
          role="search"
          aria-label={t('filters.panel')}
          direction={{ xs: 'column', sm: 'row' }}
          useFlexGap
          spacing={1}
          sx={{ mb: 2, flexWrap: 'wrap', '& > *': { minWidth: { sm: 180 } } }}
          onSubmit={(event) => event.preventDefault()}
        >
          {props.offered.map((name) => (
            <FilterField key={name} name={name} config={props.configs[name]!} {...props} autoFocus={focus === name} />
          ))}
        </Stack>
      </Collapse>
      <FilterChips {...props} />
    </>
  );
}

function FilterChips({ configs, filters, onChange }: FiltersProps) {
  const { t } = useTranslation();
  const set = Object.keys(filters).filter((name) => configs[name]);
  if (set.length === 0) return null;
  return (
    <Stack
      component="ul"
      aria-label={t('filters.active')}
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, flexWrap: 'wrap' }}
    >
      {set.map((name) => (
        <li key={name}>
          <FilterChip config={configs[name]!} value={filters[name]!} onRemove={() => onChange(name, '')} t={t} />
        </li>
      ))}
    </Stack>
  );
}

function FilterChip({ config, value, onRemove, t }: { config: FilterConfig; value: string; onRemove: () => void; t: TFunction }) {
  const { i18n } = useTranslation();
  if (config.field.kind === 'reference') {
    return <ReferenceChip resource={config.field.resource} id={value} label={t(config.labelKey)} onRemove={onRemove} />;
  }
  return <RemovableChip text={`${t(config.labelKey)}: ${valueText(t, i18n.language, config, value)}`} onRemove={onRemove} />;
}

function ReferenceChip({ resource, id, label, onRemove }: { resource: ResourceName; id: string; label: string; onRemove: () => void }) {
  const { t } = useTranslation();
  const { name, loader } = useReferenceName(resource, id);
  return (
    <>
      {loader}
      <RemovableChip text={`${label}: ${name ?? t('filters.chosen')}`} onRemove={onRemove} />
    </>
  );
}

/** A filter set, read as "Status: Pending", whose delete button (and Delete or Backspace on it) removes it. */
function RemovableChip({ text, onRemove }: { text: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return <Chip label={text} onDelete={onRemove} aria-label={t('filters.remove', { filter: text })} />;
}

/** The text of an enumeration's, a boolean's or a country's value. */
function valueText(t: TFunction, language: string, config: FilterConfig, value: string) {
  switch (config.field.kind) {
    case 'boolean':
      return value === 'true' ? t('filters.yes') : t('filters.no');
    case 'country':
      return countryName(language, value);
    default:
      return config.valuesKey ? t(`${config.valuesKey}.${value}`) : value;
  }
}

function countryName(language: string, code: string) {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The name of the record a reference filter names, null until known (and for a record gone): from the picker's first
 * names in order (the query the picker asks and the cache keeps) when it is among them, else from the record itself
 * (an address naming a company past the first 25 names), which `loader` reads once rendered beside the name.
 */
function useReferenceName(resource: ResourceName, id: string): { name: string | null; loader: ReactNode } {
  const list: ListActor = useConsoleActorRef(useResourceMachines(resource).list, {
    input: { allowedSorts: ['name'], query: { pageSize: '25', sortBy: 'name', sortOrder: 'asc' } },
  });
  const items = useSelector(list, selectItems) as ReadonlyArray<{ id: string; name?: unknown }>;
  const busy = useSelector(list, selectIsBusy);
  const [loaded, setLoaded] = useState<NamedRef | null>(null);
  const found = items.find((item) => item.id === id);
  if (found) return { name: String(found.name ?? ''), loader: null };
  return {
    name: loaded?.id === id ? loaded.name : null,
    loader:
      id && !busy ? (
        <RecordName
          key={id}
          resource={resource}
          id={id}
          onName={(name) => setLoaded((known) => (known?.id === id && known.name === name ? known : { id, name }))}
        />
      ) : null,
  };
}

/** Reads one record by its id through its resource's form machine and says its name (a record gone: nothing, no notice). */
function RecordName({ resource, id, onName }: { resource: ResourceName; id: string; onName: (name: string) => void }) {
  const form = useConsoleActorRef(useResourceMachines(resource).form, {
    input: { id, fields: [], messages: { createdKey: '', updatedKey: '' } },
  });
  const record = useSelector(form, selectRecord) as { name?: unknown } | null;
  const name = record ? String(record.name ?? '') : null;
  useEffect(() => {
    if (name !== null) onName(name);
  }, [name, onName]);
  return null;
}

function FilterField({
  name,
  config,
  filters,
  onChange,
  autoFocus,
}: FiltersProps & { name: string; config: FilterConfig; autoFocus: boolean }) {
  const { t, i18n } = useTranslation();
  const label = t(config.labelKey);
  const value = filters[name] ?? '';
  const { field } = config;
  if (field.kind === 'reference') {
    return <ReferenceFilter resource={field.resource} label={label} id={value} onChange={(id) => onChange(name, id)} />;
  }
  const values =
    field.kind === 'enum'
      ? field.values
      : field.kind === 'boolean'
        ? ['true', 'false']
        : [...countryCodes].sort((a, b) => countryName(i18n.language, a).localeCompare(countryName(i18n.language, b), i18n.language));
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value}
      autoFocus={autoFocus}
      onChange={(event) => onChange(name, event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-filter': name } }}
    >
      <option value="">{t('filters.all')}</option>
      {values.map((option) => (
        <option key={option} value={option}>
          {valueText(t, i18n.language, config, option)}
        </option>
      ))}
    </TextField>
  );
}

/** A record of another resource, picked by name as a form's reference field picks it. */
function ReferenceFilter({
  resource,
  label,
  id,
  onChange,
}: {
  resource: ResourceName;
  label: string;
  id: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { name, loader } = useReferenceName(resource, id);
  return (
    <Box sx={{ minWidth: { sm: 240 } }}>
      {loader}
      <ReferenceField
        resource={resource}
        filters={{}}
        label={label}
        required={false}
        value={id ? { id, name: name ?? t('filters.chosen') } : null}
        disabled={false}
        onChange={(chosen) => onChange(chosen?.id ?? '')}
      />
    </Box>
  );
}
