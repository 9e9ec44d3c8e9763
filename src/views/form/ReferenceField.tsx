import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useSelector } from '@xstate/react';
import type { ResourceName } from '../../domain/resource';
import type { NamedRef } from '../../domain/session';
import { fieldOf } from '../../machines/form-fields';
import { selectIsBusy, selectItems } from '../../machines/list.machine';
import { useConsoleActorRef, useResourceMachines } from '../actors';
import type { ListActor } from '../list/list-actor';

export interface ReferenceFieldProps {
  resource: ResourceName;
  filters: Record<string, string>;
  label: string;
  required: boolean;
  value: NamedRef | null;
  error?: string;
  disabled: boolean;
  onChange: (value: NamedRef | null) => void;
  /** The property naming the other resource's records, searched and sorted on (`title` for contents); `name` unless given. */
  labelField?: string;
}

/** Picks a record of another resource by name; what is typed searches the API through that resource's list machine. */
export function ReferenceField({
  resource,
  filters,
  label,
  required,
  value,
  error,
  disabled,
  onChange,
  labelField = 'name',
}: ReferenceFieldProps) {
  const list: ListActor = useConsoleActorRef(useResourceMachines(resource).list, {
    input: { allowedSorts: [labelField], query: { pageSize: '25', sortBy: labelField, sortOrder: 'asc' }, filters },
  });
  const records = useSelector(list, selectItems);
  const items = records.map((record): NamedRef => ({ id: record.id, name: String(fieldOf(record, labelField) ?? '') }));
  const loading = useSelector(list, selectIsBusy);
  const options = value && !items.some(({ id }) => id === value.id) ? [value, ...items] : items;
  return (
    <Autocomplete<NamedRef>
      options={options}
      value={value}
      loading={loading}
      disabled={disabled}
      filterOptions={(shown) => shown}
      getOptionLabel={({ name }) => name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderOption={({ key: _, ...props }, { id, name }) => (
        <li key={id} {...props}>
          {name}
        </li>
      )}
      onChange={(_, chosen) => onChange(chosen && { id: chosen.id, name: chosen.name })}
      onInputChange={(_, text, reason) => {
        if (reason !== 'reset') list.send({ type: 'list.search', text });
      }}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={Boolean(error)} helperText={error} />}
    />
  );
}
