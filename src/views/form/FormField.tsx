import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NamedRef } from '../../domain/session';
import { isHttpUrl, isNamedRefList, type FieldProblem, type FieldValue } from '../../machines/form-fields';
import { isQuestionSet } from '../../machines/quiz-questions';
import { QuestionsEditor } from '../quizzes/QuestionsEditor';
import { ColorField } from './ColorField';
import type { FormActor } from './form-actor';
import type { FieldConfig } from './form-config';
import { problemText } from './problem-text';
import { ReferenceField } from './ReferenceField';
import { ReferencesField } from './ReferencesField';

export interface FormFieldProps {
  form: FormActor;
  field: FieldConfig;
  value: FieldValue | undefined;
  /** The value of the field a reference is filtered by (the chosen tenant of a company picker). */
  filterValue: FieldValue | undefined;
  problem: FieldProblem | undefined;
  disabled: boolean;
  /** Held by another field's value (a video's render type). */
  locked?: boolean;
}

const isNamedRef = (value: FieldValue | undefined): value is NamedRef => typeof value === 'object' && value !== null;

/** One field of any form, drawn by its kind; it re-renders only when its own value or message changes. */
export const FormField = memo(function FormField({
  form,
  field,
  value,
  filterValue,
  problem,
  disabled: busy,
  locked = false,
}: FormFieldProps) {
  const disabled = busy || locked;
  const { t } = useTranslation();
  const label = t(field.labelKey);
  const error = problem && problemText(problem, t);
  const required = !field.hideRequiredMark && (field.rules ?? []).includes('required');
  const change = (changed: FieldValue) => form.send({ type: 'form.change', field: field.name, value: changed });

  if (field.kind === 'questions') {
    return (
      <QuestionsEditor value={isQuestionSet(value) ? value : { questions: [] }} problem={problem} disabled={disabled} onChange={change} />
    );
  }
  if (field.kind === 'switch') {
    return (
      <FormControl error={Boolean(error)}>
        <FormControlLabel
          control={
            <Switch name={field.name} checked={value === true} disabled={disabled} onChange={(event) => change(event.target.checked)} />
          }
          label={label}
        />
        {(error ?? field.helperKey) && <FormHelperText>{error ?? t(field.helperKey!)}</FormHelperText>}
      </FormControl>
    );
  }
  if (field.kind === 'color') {
    return (
      <ColorField
        name={field.name}
        label={label}
        pickerLabel={t('fields.colorPicker')}
        value={typeof value === 'string' ? value : ''}
        required={required}
        error={error}
        disabled={disabled}
        onChange={change}
      />
    );
  }
  if (field.kind === 'references' && field.reference) {
    return (
      <ReferencesField
        resource={field.reference.resource}
        colorField={field.reference.colorField}
        {...(field.reference.optionLabel && { optionLabel: field.reference.optionLabel })}
        label={label}
        required={required}
        value={isNamedRefList(value) ? value : []}
        error={error}
        disabled={disabled}
        onChange={change}
      />
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
        {...(field.labelField && { labelField: field.labelField })}
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  const textField = (
    <TextField
      name={field.name}
      label={label}
      type={field.kind === 'select' ? undefined : field.kind}
      select={field.kind === 'select'}
      value={text}
      onChange={(event) => change(event.target.value)}
      required={required}
      error={Boolean(error)}
      helperText={error ?? (field.helperKey && t(field.helperKey))}
      disabled={disabled}
      multiline={field.multiline}
      minRows={field.multiline ? 3 : undefined}
      autoComplete={field.autoComplete}
      {...(field.kind === 'date' && { slotProps: { inputLabel: { shrink: true } } })}
      fullWidth
    >
      {field.options?.map(({ value: option, labelKey }) => (
        <MenuItem key={option} value={option}>
          {t(labelKey)}
        </MenuItem>
      ))}
    </TextField>
  );
  if (!field.imagePreview || !isHttpUrl(text.trim())) return textField;
  return (
    <>
      {textField}
      <ImagePreview key={text.trim()} src={text.trim()} label={label} />
    </>
  );
});

/**
 * The image an address points at; one that fails to load (gone, not an image, blocked) gives way to a neutral
 * placeholder that says so, never a broken-image icon. Keyed by the address: a new one is tried afresh.
 */
function ImagePreview({ src, label }: { src: string; label: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const frame = { display: 'block', mt: 1, maxWidth: '100%', maxHeight: 160, borderRadius: 1 } as const;
  if (failed)
    return (
      <Box
        role="img"
        aria-label={t('fields.imagePreviewFailed', { label })}
        data-testid="image-preview-failed"
        sx={{
          ...frame,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          width: 'fit-content',
          p: 2,
          bgcolor: 'action.hover',
          color: 'text.secondary',
        }}
      >
        <BrokenImageOutlinedIcon aria-hidden />
        <Typography variant="body2">{t('fields.imagePreviewFailed', { label })}</Typography>
      </Box>
    );
  return (
    <Box
      component="img"
      src={src}
      alt={t('fields.imagePreview', { label })}
      onError={() => setFailed(true)}
      sx={{ ...frame, objectFit: 'cover' }}
    />
  );
}
