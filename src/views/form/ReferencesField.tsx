import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { getContrastRatio } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { useSelector } from '@xstate/react';
import type { ResourceName } from '../../domain/resource';
import type { NamedRef } from '../../domain/session';
import { fieldOf, isHexColor } from '../../machines/form-fields';
import { selectIsBusy, selectItems } from '../../machines/list.machine';
import { useConsoleActorRef, useResourceMachines } from '../actors';
import type { ListActor } from '../list/list-actor';

export interface ReferencesFieldProps {
  resource: ResourceName;
  /** The property of a referenced record holding its colour (a topic's), shown on its chip. */
  colorField?: string;
  label: string;
  required: boolean;
  value: readonly NamedRef[];
  error?: string;
  disabled: boolean;
  onChange: (value: NamedRef[]) => void;
  /** How a record is named in the options and chips; its `name` unless given. */
  optionLabel?: (record: object) => string;
}

const optionsQuery = { pageSize: '50', sortBy: 'name', sortOrder: 'asc' };

const textOn = (color: string) => (getContrastRatio(color, '#fff') >= 3 ? '#fff' : 'rgba(0, 0, 0, 0.87)');

/** Picks any number of records of another resource by name, as chips; what is typed searches the API. */
const nameOf = (record: object) => String(fieldOf(record, 'name') ?? '');

export function ReferencesField({
  resource,
  colorField,
  label,
  required,
  value,
  error,
  disabled,
  onChange,
  optionLabel = nameOf,
}: ReferencesFieldProps) {
  const list: ListActor = useConsoleActorRef(useResourceMachines(resource).list, {
    input: { allowedSorts: ['name'], query: optionsQuery },
  });
  const records = useSelector(list, selectItems);
  const items = records.map((record): NamedRef => ({ ...record, name: optionLabel(record) }));
  const loading = useSelector(list, selectIsBusy);
  const colorOf = (ref: NamedRef): string | undefined => {
    if (!colorField) return undefined;
    const color =
      fieldOf(ref, colorField) ??
      fieldOf(
        records.find(({ id }) => id === ref.id),
        colorField,
      );
    return typeof color === 'string' && isHexColor(color) ? color : undefined;
  };
  return (
    <Autocomplete<NamedRef, true>
      multiple
      options={items}
      value={[...value]}
      loading={loading}
      disabled={disabled}
      filterSelectedOptions
      filterOptions={(shown) => shown}
      getOptionLabel={({ name }) => name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderOption={({ key: _, ...props }, option) => (
        <li key={option.id} {...props}>
          {colorOf(option) && (
            <Box
              component="span"
              aria-hidden
              sx={{ width: 12, height: 12, borderRadius: '50%', mr: 1, flexShrink: 0, bgcolor: colorOf(option) }}
            />
          )}
          {option.name}
        </li>
      )}
      renderValue={(chosen, getItemProps) =>
        chosen.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          const color = colorOf(option);
          return (
            <Chip
              key={key}
              size="small"
              label={option.name}
              {...itemProps}
              sx={color ? { bgcolor: color, color: textOn(color) } : undefined}
            />
          );
        })
      }
      onChange={(_, chosen) => onChange(chosen.map((ref) => ({ ...ref })))}
      onInputChange={(_, text) => list.send({ type: 'list.search', text })}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required && value.length === 0} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
