import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NamedRef } from '../../domain/session';
import type { FieldProblem, FieldValue } from '../../machines/form-fields';
import type { FormActor } from './form-actor';
import type { FieldConfig } from './form-config';
import { problemText } from './problem-text';
import { ReferenceField } from './ReferenceField';

export interface FormFieldProps {
  form: FormActor;
  field: FieldConfig;
  value: FieldValue | undefined;
  /** The value of the field a reference is filtered by (the chosen tenant of a company picker). */
  filterValue: FieldValue | undefined;
  problem: FieldProblem | undefined;
  disabled: boolean;
}

const isNamedRef = (value: FieldValue | undefined): value is NamedRef => typeof value === 'object' && value !== null;

/** One field of any form, drawn by its kind; it re-renders only when its own value or message changes. */
export const FormField = memo(function FormField({ form, field, value, filterValue, problem, disabled }: FormFieldProps) {
  const { t } = useTranslation();
  const label = t(field.labelKey);
  const error = problem && problemText(problem, t);
  const required = !field.hideRequiredMark && (field.rules ?? []).includes('required');
  const change = (changed: FieldValue) => form.send({ type: 'form.change', field: field.name, value: changed });

  if (field.kind === 'switch') {
    return (
      <FormControl error={Boolean(error)}>
        <FormControlLabel
          control={<Switch name={field.name} checked={value === true} disabled={disabled} onChange={(event) => change(event.target.checked)} />}
          label={label}
        />
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
    );
  }
  if (field.kind === 'reference' && field.reference) {
    const { resource, filterBy } = field.reference;
    const filters: Record<string, string> = filterBy && isNamedRef(filterValue) ? { [filterBy.param]: filterValue.id } : {};
    return (
      <ReferenceField
        key={JSON.stringify(filters)}
        resource={resource}
        filters={filters}
        label={label}
        required={required}
        value={isNamedRef(value) ? value : null}
        error={error}
        disabled={disabled}
        onChange={change}
      />
    );
  }
  return (
    <TextField
      name={field.name}
      label={label}
      type={field.kind === 'select' ? undefined : field.kind}
      select={field.kind === 'select'}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => change(event.target.value)}
      required={required}
      error={Boolean(error)}
      helperText={error}
      disabled={disabled}
      multiline={field.multiline}
      minRows={field.multiline ? 3 : undefined}
      autoComplete={field.autoComplete}
      fullWidth
    >
      {field.options?.map(({ value: option, labelKey }) => (
        <MenuItem key={option} value={option}>
          {t(labelKey)}
        </MenuItem>
      ))}
    </TextField>
  );
});
