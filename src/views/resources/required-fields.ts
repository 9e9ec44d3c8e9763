import { isRequiredField, type FormName } from '../../domain/resource';
import { wireName } from '../../machines/form-fields';
import type { FieldConfig } from '../form/form-config';

/**
 * A form's fields, with the `required` rule (checked first) on those `contract/required-fields.ts` declares for the
 * form, by their names on the wire: the one place a field becomes required, for the API and the console alike.
 */
export const withRequired = (form: FormName, fields: readonly FieldConfig[]): FieldConfig[] =>
  fields.map((field) =>
    isRequiredField(form, wireName(field)) && !(field.rules ?? []).includes('required')
      ? { ...field, rules: ['required', ...(field.rules ?? [])] }
      : field,
  );
