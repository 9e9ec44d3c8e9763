import type { Failure } from '../domain/failure';
import type { RecordBody } from '../domain/resource';
import type { NamedRef } from '../domain/session';

/**
 * How a field holds its value and travels to the API:
 * text/email/select as strings (empty → null), password only when typed, switch as a boolean,
 * reference as `{id, name}` sent as `${name}Id`.
 */
export type FieldKind = 'text' | 'email' | 'password' | 'switch' | 'select' | 'reference';

export type FieldValue = string | boolean | NamedRef | null;

export type FormValues = Record<string, FieldValue>;

export type Rule = 'required' | 'email' | 'url' | 'countryCode' | { minLength: number } | { sameAs: string };

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  rules?: readonly Rule[];
  defaultValue?: FieldValue;
  /** Upper-cased as typed (country codes). */
  upperCase?: boolean;
  /** Checked in the form, never sent (a password confirmation). */
  formOnly?: boolean;
  /** Shown, checked and sent only while another field holds one of these values. */
  showWhen?: { field: string; oneOf: readonly string[] };
  /** Emptied when this field changes (a company belongs to the chosen tenant). */
  clears?: readonly string[];
}

/** Why a field is not accepted: a rule of ours (the view translates it) or the API's own words. */
export type FieldProblem =
  | { rule: 'required' | 'email' | 'url' | 'countryCode' | 'sameAs' }
  | { rule: 'minLength'; min: number }
  | { server: string };

export type FieldProblems = Record<string, FieldProblem>;

/** The rule browsers apply to `<input type="email">` (WHATWG HTML). */
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const countryCodePattern = /^[A-Z]{2}$/;

const isHttpUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

const emptyValue = (kind: FieldKind): FieldValue => (kind === 'switch' ? false : kind === 'reference' ? null : '');

const isNamedRef = (value: unknown): value is NamedRef =>
  typeof value === 'object' && value !== null && typeof (value as NamedRef).id === 'string';

const textOf = (value: FieldValue) => (typeof value === 'string' ? value.trim() : '');

const isBlank = (value: FieldValue) => value === null || (typeof value === 'string' && !value.trim());

export function isShown(field: FieldSpec, values: FormValues): boolean {
  if (!field.showWhen) return true;
  const { field: other, oneOf } = field.showWhen;
  const value = values[other];
  return typeof value === 'string' && oneOf.includes(value);
}

export function initialValues(fields: readonly FieldSpec[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.defaultValue ?? emptyValue(field.kind)]));
}

/** A loaded record as form values; a password is never loaded. */
export function valuesFromRecord(fields: readonly FieldSpec[], record: object): FormValues {
  const fallback = initialValues(fields);
  return Object.fromEntries(
    fields.map(({ name, kind }) => {
      const value: unknown = (record as Record<string, unknown>)[name];
      if (kind === 'password') return [name, ''];
      if (kind === 'switch') return [name, typeof value === 'boolean' ? value : fallback[name]!];
      if (kind === 'reference') return [name, isNamedRef(value) ? { id: value.id, name: value.name } : null];
      return [name, typeof value === 'string' ? value : fallback[name]!];
    }),
  );
}

/** The values a change leaves: the new value, normalised, and the fields that depended on the old one emptied. */
export function changeValue(fields: readonly FieldSpec[], values: FormValues, name: string, value: FieldValue): FormValues {
  const field = fields.find((candidate) => candidate.name === name);
  if (!field) return values;
  const next = { ...values, [name]: field.upperCase && typeof value === 'string' ? value.toUpperCase() : value };
  for (const cleared of field.clears ?? []) {
    const dependent = fields.find((candidate) => candidate.name === cleared);
    if (dependent) next[cleared] = emptyValue(dependent.kind);
  }
  return next;
}

function breaks(rule: Rule, value: FieldValue, values: FormValues): FieldProblem | null {
  if (rule === 'required') return isBlank(value) ? { rule } : null;
  if (isBlank(value) && !(typeof rule === 'object' && 'sameAs' in rule)) return null;
  const text = textOf(value);
  if (rule === 'email') return emailPattern.test(text) ? null : { rule };
  if (rule === 'url') return isHttpUrl(text) ? null : { rule };
  if (rule === 'countryCode') return countryCodePattern.test(text) ? null : { rule };
  if ('minLength' in rule) return typeof value === 'string' && value.length < rule.minLength ? { rule: 'minLength', min: rule.minLength } : null;
  return (values[rule.sameAs] ?? '') === (value ?? '') ? null : { rule: 'sameAs' };
}

/** The first broken rule of each shown field. */
export function validate(fields: readonly FieldSpec[], values: FormValues): FieldProblems {
  const problems: FieldProblems = {};
  for (const field of fields) {
    if (!isShown(field, values)) continue;
    for (const rule of field.rules ?? []) {
      const problem = breaks(rule, values[field.name] ?? null, values);
      if (problem) {
        problems[field.name] = problem;
        break;
      }
    }
  }
  return problems;
}

const wireName = ({ name, kind }: FieldSpec) => (kind === 'reference' ? `${name}Id` : name);

/** The API body of the shown fields; empty optional texts are sent as null, an empty password not at all. */
export function bodyFromValues(fields: readonly FieldSpec[], values: FormValues): RecordBody {
  const body: RecordBody = {};
  for (const field of fields) {
    if (field.formOnly || !isShown(field, values)) continue;
    const value = values[field.name] ?? null;
    if (field.kind === 'switch') body[field.name] = value === true;
    else if (field.kind === 'reference') body[wireName(field)] = isNamedRef(value) ? value.id : null;
    else if (field.kind === 'password') {
      if (typeof value === 'string' && value) body[field.name] = value;
    } else body[field.name] = textOf(value) || null;
  }
  return body;
}

/** The API's field errors placed on the form's fields (`tenantId` → `tenant`); others are not the form's. */
export function problemsFromFailure(fields: readonly FieldSpec[], failure: Failure): FieldProblems {
  const problems: FieldProblems = {};
  if (failure.kind !== 'http') return problems;
  for (const { field: wire, message } of failure.errors ?? []) {
    const field = fields.find((candidate) => wireName(candidate) === wire);
    if (field && !problems[field.name]) problems[field.name] = { server: message };
  }
  return problems;
}

const sameValue = (a: FieldValue | undefined, b: FieldValue | undefined) =>
  isNamedRef(a) || isNamedRef(b) ? isNamedRef(a) && isNamedRef(b) && a.id === b.id : a === b;

export const sameValues = (a: FormValues, b: FormValues) =>
  Object.keys({ ...a, ...b }).every((name) => sameValue(a[name], b[name]));
