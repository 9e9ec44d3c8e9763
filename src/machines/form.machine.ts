import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { Failure } from '../domain/failure';
import type { RecordBody, StoredRecord } from '../domain/resource';
import {
  bodyFromValues,
  changeValue,
  initialValues,
  problemsFromFailure,
  sameValues,
  validate,
  valuesFromRecord,
  type FieldProblems,
  type FieldSpec,
  type FieldValue,
  type FormValues,
} from './form-fields';
import { notProvided } from './not-provided';

export interface FormInput {
  /** The record to edit; null creates a new one. */
  id: string | null;
  fields: readonly FieldSpec[];
}

export interface FormContext {
  id: string | null;
  fields: readonly FieldSpec[];
  values: FormValues;
  /** The values as loaded (or the defaults): what "unsaved changes" compares against. */
  savedValues: FormValues;
  /** The version the record had when loaded, sent back with the update. */
  version: number | null;
  problems: FieldProblems;
  failure: Failure | null;
}

export type FormEvent =
  | { type: 'form.change'; field: string; value: FieldValue }
  | { type: 'form.submit' }
  | { type: 'form.reload' };

export type FormEmitted =
  | { type: 'form.saved'; created: boolean }
  | { type: 'form.saveFailed'; created: boolean; failure: Failure };

export interface SaveRecordInput {
  id: string | null;
  body: RecordBody;
  version: number | null;
}

const failureOf = ({ event }: { event: { error: unknown } }) => event.error as Failure;

const isConflict = (failure: Failure) =>
  failure.kind === 'http' && failure.status === 409 && (failure.errors ?? []).some(({ field }) => field === 'version');

export const formMachine = setup({
  types: {
    input: {} as FormInput,
    context: {} as FormContext,
    events: {} as FormEvent,
    emitted: {} as FormEmitted,
  },
  actors: {
    loadRecord: notProvided<StoredRecord, { id: string; reload: boolean }>('loadRecord'),
    saveRecord: notProvided<unknown, SaveRecordInput>('saveRecord'),
  },
  actions: {
    showRecord: assign(({ context }, record: StoredRecord) => {
      const values = valuesFromRecord(context.fields, record);
      return { values, savedValues: values, version: record.version, problems: {}, failure: null };
    }),
    announceFailure: emit(({ context }, failure: Failure) => ({ type: 'form.saveFailed' as const, created: context.id === null, failure })),
  },
  guards: {
    isNew: ({ context }) => context.id === null,
    isValid: ({ context }) => Object.keys(validate(context.fields, context.values)).length === 0,
    isConflict: (_, failure: Failure) => isConflict(failure),
    concernsFields: ({ context }, failure: Failure) => Object.keys(problemsFromFailure(context.fields, failure)).length > 0,
  },
}).createMachine({
  id: 'form',
  context: ({ input }) => {
    const values = initialValues(input.fields);
    return { id: input.id, fields: input.fields, values, savedValues: values, version: null, problems: {}, failure: null };
  },
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }],
    },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context, event }) => ({ id: context.id ?? '', reload: event.type === 'form.reload' }),
        onDone: { target: 'editing', actions: { type: 'showRecord', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: assign({ failure: failureOf }) },
      },
    },
    loadFailed: {
      on: { 'form.reload': 'loading' },
    },
    editing: {
      on: {
        'form.change': {
          actions: assign(({ context: { fields, values, problems }, event }) => {
            const { [event.field]: _, ...others } = problems;
            return { values: changeValue(fields, values, event.field, event.value), problems: others };
          }),
        },
        'form.submit': 'validating',
      },
    },
    validating: {
      always: [
        { guard: 'isValid', target: 'saving', actions: assign({ problems: {}, failure: null }) },
        { target: 'editing', actions: assign({ problems: ({ context }) => validate(context.fields, context.values) }) },
      ],
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'saveRecord',
        src: 'saveRecord',
        input: ({ context }) => ({ id: context.id, body: bodyFromValues(context.fields, context.values), version: context.version }),
        onDone: { target: 'saved', actions: emit(({ context }) => ({ type: 'form.saved' as const, created: context.id === null })) },
        onError: [
          {
            guard: { type: 'isConflict', params: failureOf },
            target: 'conflict',
            actions: assign({ failure: failureOf }),
          },
          {
            guard: { type: 'concernsFields', params: failureOf },
            target: 'editing',
            actions: [
              assign({
                failure: failureOf,
                problems: ({ context, event }) => problemsFromFailure(context.fields, failureOf({ event })),
              }),
              { type: 'announceFailure', params: failureOf },
            ],
          },
          { target: 'editing', actions: [assign({ failure: failureOf }), { type: 'announceFailure', params: failureOf }] },
        ],
      },
    },
    conflict: {
      description: 'Someone saved the record since it was loaded; nothing was written. Only reloading the latest version goes on.',
      on: { 'form.reload': 'loading' },
    },
    saved: { type: 'final' },
  },
});

export type FormSnapshot = SnapshotFrom<typeof formMachine>;

export const selectValues = (snapshot: FormSnapshot) => snapshot.context.values;
export const selectProblems = (snapshot: FormSnapshot) => snapshot.context.problems;
export const selectIsLoading = (snapshot: FormSnapshot) => snapshot.matches('loading');
export const selectLoadFailure = (snapshot: FormSnapshot) => (snapshot.matches('loadFailed') ? snapshot.context.failure : null);
export const selectIsSaving = (snapshot: FormSnapshot) => snapshot.matches('saving');
export const selectIsConflict = (snapshot: FormSnapshot) => snapshot.matches('conflict');
export const selectIsSaved = (snapshot: FormSnapshot) => snapshot.matches('saved');
export const selectCanEdit = (snapshot: FormSnapshot) => snapshot.matches('editing');
/** Values differ from the loaded ones and are not saved yet. */
export const selectIsDirty = (snapshot: FormSnapshot) =>
  (snapshot.matches('editing') || snapshot.matches('saving') || snapshot.matches('conflict')) &&
  !sameValues(snapshot.context.values, snapshot.context.savedValues);
