import type { Failure } from '../domain/failure';
import type { RecordBody } from '../domain/resource';
import type { NamedRef } from '../domain/session';
import { isEmail } from '../domain/email';
import { isVideoTenant } from '../domain/video';
import { checkQuestions, isQuestionSet, questionBodies, questionSetOf, type QuestionProblems, type QuestionSet } from './quiz-questions';

/**
 * How a field holds its value and travels to the API:
 * text/email/select/color/date (a day, `YYYY-MM-DD`) as strings (empty → null), password only when typed, switch as a
 * boolean, reference as `{id, name}` sent as `${name}Id`, references as a list of them sent as their ids, number as the
 * text typed, sent as a number (empty → null), questions as a quiz's questions (`quiz-questions.ts`) sent as their bodies.
 */
export type FieldKind =
  'text' | 'email' | 'password' | 'switch' | 'select' | 'color' | 'date' | 'reference' | 'references' | 'number' | 'questions';

export type FieldValue = string | boolean | NamedRef | readonly NamedRef[] | QuestionSet | null;

export type FormValues = Record<string, FieldValue>;

export type Rule =
  | 'required'
  | 'email'
  | 'url'
  | 'countryCode'
  | 'hexColor'
  | 'videoTenant'
  | { minLength: number }
  | { sameAs: string }
  /** A whole number from `min` to `max` (a number field). */
  | { wholeNumber: { min: number; max: number } };

/** While `field` holds one of `oneOf`, a field holds `value` and cannot be changed. */
export interface FixedWhen {
  field: string;
  oneOf: readonly string[];
  value: string;
}

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  rules?: readonly Rule[];
  defaultValue?: FieldValue;
  /** Upper-cased as typed (country codes). */
  upperCase?: boolean;
  /** Checked in the form, never sent (a password confirmation). */
  formOnly?: boolean;
  /** Shown, checked and sent only while another field holds one of these values (a choice, or a switch's on/off). */
  showWhen?: { field: string; oneOf: readonly (string | boolean)[] };
  /** Emptied when this field changes (a company belongs to the chosen tenant). */
  clears?: readonly string[];
  /** Set, and locked, by another field's value (a video is always a reference). */
  fixedWhen?: FixedWhen;
  /** Set, but left free, when another field changes to one of these values (an article starts INLINE). */
  setWhen?: FixedWhen;
  /** The name in the API's body and field errors, when not the usual one (`topics` sent as `topicIds`). */
  wireName?: string;
  /** The property naming a referenced record (`title` for a content); `name` unless given. */
  labelField?: string;
  /** Left out of the body while empty, unless it empties a stored value (the API keeps what a body omits). */
  omitWhenEmpty?: boolean;
}

/** Why a field is not accepted: a rule of ours (the view translates it) or the API's own words. */
export type FieldProblem =
  | { rule: 'required' | 'email' | 'url' | 'countryCode' | 'hexColor' | 'videoTenant' | 'sameAs' }
  | { rule: 'minLength'; min: number }
  | { rule: 'wholeNumber'; min: number; max: number }
  /** What in a quiz's questions cannot be scored, by path (`questions.3.answers`): ours or the API's. */
  | { rule: 'questions'; at: QuestionProblems }
  /** The API's: its words, and the rule (with its values) the view translates when it knows it. */
  | { server: string; serverRule?: string; params?: Record<string, string | number> };

export type FieldProblems = Record<string, FieldProblem>;

const countryCodePattern = /^[A-Z]{2}$/;
const hexColorPattern = /^#[0-9A-Fa-f]{6}$/;

export const isHexColor = (text: string) => hexColorPattern.test(text);

export const isHttpUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

const emptyValue = (kind: FieldKind): FieldValue =>
  kind === 'switch' ? false : kind === 'reference' ? null : kind === 'references' ? [] : kind === 'questions' ? { questions: [] } : '';

/** A property of a record named at run time (a form field, a column, a label field); undefined when it has none. */
export const fieldOf = (record: unknown, field: string): unknown =>
  typeof record === 'object' && record !== null ? Object.getOwnPropertyDescriptor(record, field)?.value : undefined;

const isNamedRef = (value: unknown): value is NamedRef =>
  typeof value === 'object' && value !== null && typeof (value as NamedRef).id === 'string';

export const isNamedRefList = (value: unknown): value is readonly NamedRef[] => Array.isArray(value) && value.every(isNamedRef);

const textOf = (value: FieldValue) => (typeof value === 'string' ? value.trim() : '');

const isBlank = (value: FieldValue) =>
  value === null || (typeof value === 'string' && !value.trim()) || (Array.isArray(value) && value.length === 0);

export function isShown(field: FieldSpec, values: FormValues): boolean {
  if (!field.showWhen) return true;
  const { field: other, oneOf } = field.showWhen;
  const value = values[other];
  return (typeof value === 'string' || typeof value === 'boolean') && oneOf.includes(value);
}

/** Whether another field's value holds this one (see {@link FixedWhen}). */
export function isLocked(field: FieldSpec, values: FormValues): boolean {
  if (!field.fixedWhen) return false;
  const { field: other, oneOf } = field.fixedWhen;
  const value = values[other];
  return typeof value === 'string' && oneOf.includes(value);
}

/** Every shown required field has a value: what a form that cannot go on without them waits for. */
export function isComplete(fields: readonly FieldSpec[], values: FormValues): boolean {
  return fields.every(
    (field) => !isShown(field, values) || !(field.rules ?? []).includes('required') || !isBlank(values[field.name] ?? null),
  );
}

export function initialValues(fields: readonly FieldSpec[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.defaultValue ?? emptyValue(field.kind)]));
}

/** A loaded record as form values; a password is never loaded. */
export function valuesFromRecord(fields: readonly FieldSpec[], record: object): FormValues {
  const fallback = initialValues(fields);
  return Object.fromEntries(
    fields.map(({ name, kind, labelField = 'name' }) => {
      const value = fieldOf(record, name);
      if (kind === 'password') return [name, ''];
      if (kind === 'switch') return [name, typeof value === 'boolean' ? value : fallback[name]!];
      if (kind === 'reference') return [name, isNamedRef(value) ? { id: value.id, name: String(fieldOf(value, labelField) ?? '') } : null];
      if (kind === 'references') return [name, Array.isArray(value) ? value.filter(isNamedRef).map((ref) => ({ ...ref })) : []];
      if (kind === 'questions') return [name, questionSetOf(value)];
      if (kind === 'number') return [name, typeof value === 'number' ? String(value) : value === null ? '' : fallback[name]!];
      return [name, typeof value === 'string' ? value : fallback[name]!];
    }),
  );
}

function withValue(fields: readonly FieldSpec[], values: FormValues, field: FieldSpec, value: FieldValue): FormValues {
  const next = { ...values, [field.name]: field.upperCase && typeof value === 'string' ? value.toUpperCase() : value };
  for (const cleared of field.clears ?? []) {
    const dependent = fields.find((candidate) => candidate.name === cleared);
    if (dependent) next[cleared] = emptyValue(dependent.kind);
  }
  return next;
}

/**
 * The values a change leaves: the new value, normalised, the fields that depended on the old one emptied, and the
 * fields the new values fix set (with what depends on them). A locked field does not change.
 */
export function changeValue(fields: readonly FieldSpec[], values: FormValues, name: string, value: FieldValue): FormValues {
  const field = fields.find((candidate) => candidate.name === name);
  if (!field || isLocked(field, values)) return values;
  let next = withValue(fields, values, field, value);
  for (const follower of fields) {
    const rule = follower.setWhen;
    const changedTo = next[name];
    if (rule?.field === name && typeof changedTo === 'string' && rule.oneOf.includes(changedTo) && next[follower.name] !== rule.value) {
      next = withValue(fields, next, follower, rule.value);
    }
  }
  for (const fixed of fields) {
    if (fixed.fixedWhen && isLocked(fixed, next) && next[fixed.name] !== fixed.fixedWhen.value) {
      next = withValue(fields, next, fixed, fixed.fixedWhen.value);
    }
  }
  return next;
}

function breaks(rule: Rule, value: FieldValue, values: FormValues): FieldProblem | null {
  if (rule === 'required') return isBlank(value) ? { rule } : null;
  if (isBlank(value) && !(typeof rule === 'object' && 'sameAs' in rule)) return null;
  const text = textOf(value);
  if (rule === 'hexColor') return isHexColor(text) ? null : { rule };
  if (rule === 'email') return isEmail(text) ? null : { rule };
  if (rule === 'url') return isHttpUrl(text) ? null : { rule };
  if (rule === 'countryCode') return countryCodePattern.test(text) ? null : { rule };
  if (rule === 'videoTenant') return typeof value === 'string' && isVideoTenant(value.trim()) ? null : { rule };
  if ('wholeNumber' in rule) {
    const { min, max } = rule.wholeNumber;
    const number = Number(text);
    return /^-?\d+$/.test(text) && number >= min && number <= max ? null : { rule: 'wholeNumber', min, max };
  }
  if ('minLength' in rule)
    return typeof value === 'string' && value.length < rule.minLength ? { rule: 'minLength', min: rule.minLength } : null;
  return (values[rule.sameAs] ?? '') === (value ?? '') ? null : { rule: 'sameAs' };
}

/** The first broken rule of each shown field. */
export function validate(fields: readonly FieldSpec[], values: FormValues): FieldProblems {
  const problems: FieldProblems = {};
  for (const field of fields) {
    if (!isShown(field, values)) continue;
    const value = values[field.name];
    if (field.kind === 'questions' && isQuestionSet(value)) {
      const at = checkQuestions(value);
      if (Object.keys(at).length > 0) problems[field.name] = { rule: 'questions', at };
      continue;
    }
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

/** A field's name in the API's body: its own, or `<name>Id` for a reference unless it says otherwise. */
export const wireName = ({ name, kind, wireName: given }: FieldSpec) => given ?? (kind === 'reference' ? `${name}Id` : name);

/**
 * The API body of the shown fields; empty optional texts are sent as null, an empty password not at all, nor an
 * `omitWhenEmpty` field that is still as empty as it was (`savedValues`).
 */
export function bodyFromValues(fields: readonly FieldSpec[], values: FormValues, savedValues: FormValues = {}): RecordBody {
  const body: RecordBody = {};
  for (const field of fields) {
    if (field.formOnly || !isShown(field, values)) continue;
    const value = values[field.name] ?? null;
    if (field.omitWhenEmpty && isBlank(value) && isBlank(savedValues[field.name] ?? null)) continue;
    if (field.kind === 'switch') body[field.name] = value === true;
    else if (field.kind === 'reference') body[wireName(field)] = isNamedRef(value) ? value.id : null;
    else if (field.kind === 'references') body[wireName(field)] = isNamedRefList(value) ? value.map(({ id }) => id) : [];
    else if (field.kind === 'questions') body[wireName(field)] = questionBodies(isQuestionSet(value) ? value : { questions: [] });
    else if (field.kind === 'number') body[field.name] = textOf(value) === '' ? null : Number(textOf(value));
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
  for (const { field: wire, message, rule, params } of failure.errors ?? []) {
    const questions = fields.find((candidate) => candidate.kind === 'questions' && wire.startsWith(`${wireName(candidate)}.`));
    if (questions) {
      const current = problems[questions.name];
      const at = current && 'rule' in current && current.rule === 'questions' ? current.at : {};
      at[wire] ??= { rule: rule ?? 'server', server: message, ...(params && { params }) };
      problems[questions.name] = { rule: 'questions', at };
      continue;
    }
    const field = fields.find((candidate) => wireName(candidate) === wire);
    if (field && !problems[field.name])
      problems[field.name] = { server: message, ...(rule && { serverRule: rule }), ...(params && { params }) };
  }
  return problems;
}

const idsOf = (refs: readonly NamedRef[]) => refs.map(({ id }) => id).join('\n');

const sameValue = (a: FieldValue | undefined, b: FieldValue | undefined) => {
  if (isQuestionSet(a) || isQuestionSet(b)) return JSON.stringify(a) === JSON.stringify(b);
  if (isNamedRefList(a) || isNamedRefList(b)) return isNamedRefList(a) && isNamedRefList(b) && idsOf(a) === idsOf(b);
  return isNamedRef(a) || isNamedRef(b) ? isNamedRef(a) && isNamedRef(b) && a.id === b.id : a === b;
};

export const sameValues = (a: FormValues, b: FormValues) => Object.keys({ ...a, ...b }).every((name) => sameValue(a[name], b[name]));
