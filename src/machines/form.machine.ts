import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import type { Failure } from '../domain/failure';
import type { RecordBody, StoredRecord } from '../domain/resource';
import {
  bodyFromValues,
  changeValue,
  initialValues,
  isComplete,
  problemsFromFailure,
  sameValues,
  validate,
  valuesFromRecord,
  type FieldProblems,
  type FieldSpec,
  type FieldValue,
  type FormValues,
} from './form-fields';
import { holds, type Condition } from './condition';
import { notProvided } from './not-provided';
import { deleteFailedNotice, outcomeActions, throttledNotice, type Destination, type Notice } from './outcomes';

/** What a form says once a save is decided: i18n keys. */
export interface FormMessages {
  createdKey: string;
  updatedKey: string;
  /** Once the record is deleted ("Company deleted"); a generic notice when absent. */
  deletedKey?: string;
  /** 'Failed to create' / 'Failed to update' unless given. */
  createFailedKey?: string;
  updateFailedKey?: string;
  /** Given: a refusal for too many attempts (429) says when to try again, or this when the API did not say. */
  throttledKey?: string;
}

export interface FormInput {
  /** The record to edit; null creates a new one. */
  id: string | null;
  fields: readonly FieldSpec[];
  messages: FormMessages;
  /** Where saving and deleting lead (the list, a parent's page); the form stays where it is when absent (a wizard's step). */
  leaveTo?: string;
  /** After creating, the page becomes the new record's, `{leaveTo}/{id}`, in place of the create page. */
  stayAfterCreate?: boolean;
  /** A loaded record may be deleted only while it meets this (a plan only while a DRAFT); always when absent. */
  deleteWhen?: Condition;
}

export interface FormContext {
  id: string | null;
  fields: readonly FieldSpec[];
  values: FormValues;
  /** The values as loaded (or the defaults): what "unsaved changes" compares against. */
  savedValues: FormValues;
  /** The version the record had when loaded, sent back with the update. */
  version: number | null;
  /** The record as last loaded or saved: what the API says beyond the form's fields (an id once created). */
  record: StoredRecord | null;
  problems: FieldProblems;
  failure: Failure | null;
  deleteWhen: Condition | null;
  messages: FormMessages;
  leaveTo: string | null;
  stayAfterCreate: boolean;
  /**
   * The attempt at creating the record: the body last sent and the idempotency key it went with. Sending the same
   * body again (a retry after a lost answer) reuses the key, so the API answers the first answer instead of creating twice.
   */
  attemptBody: RecordBody | null;
  idempotencyKey: string | null;
}

export type FormEvent =
  | { type: 'form.change'; field: string; value: FieldValue }
  | { type: 'form.submit' }
  | { type: 'form.reload' }
  | { type: 'form.delete' }
  | { type: 'form.confirmDelete' }
  | { type: 'form.cancelDelete' };

/** A saved form's last word: the record the API answered. */
export interface FormOutput {
  record: StoredRecord | null;
}

export interface SaveRecordInput {
  id: string | null;
  body: RecordBody;
  version: number | null;
  /** Sent with a create (`Idempotency-Key`); null for updates, or when no key generator is provided. */
  idempotencyKey: string | null;
}

const failureOf = ({ event }: { event: { error: unknown } }) => event.error as Failure;

const bodyOf = (context: FormContext) => bodyFromValues(context.fields, context.values, context.savedValues);
const sameBody = (a: RecordBody, b: RecordBody) => JSON.stringify(a) === JSON.stringify(b);

/**
 * "Saved", or — when the API answers an update of a versioned record with the version the form loaded — "No changes":
 * the save changed nothing, so the API wrote nothing (no new version, no history entry). Versions start at 1: a form
 * whose record has none (one's own profile, version 0) is always "Saved".
 */
const savedNotice = ({ id, messages, version }: FormContext, saved: StoredRecord): Notice =>
  id !== null && version !== null && version > 0 && saved.version === version
    ? { severity: 'info', messageKey: 'feedback.noChanges' }
    : { severity: 'success', messageKey: id === null ? messages.createdKey : messages.updatedKey };

const saveFailedNotice = ({ id, messages }: FormContext, failure: Failure): Notice => {
  if (messages.throttledKey && failure.kind === 'http' && failure.status === 429)
    return throttledNotice(failure.retryAt, messages.throttledKey);
  return {
    severity: 'error',
    messageKey:
      id === null ? (messages.createFailedKey ?? 'feedback.failedToCreate') : (messages.updateFailedKey ?? 'feedback.failedToUpdate'),
  };
};

/** Where a saved record leads: its own page after a create that stays, else `leaveTo`; nowhere without one. */
const afterSave = ({ id, leaveTo, stayAfterCreate }: FormContext, saved: StoredRecord): Destination | null => {
  if (leaveTo === null) return null;
  return id === null && stayAfterCreate ? { path: `${leaveTo}/${saved.id}`, replace: true } : { path: leaveTo };
};

/** A loaded record that meets the condition for deleting it: a new one has no record yet, so nothing to delete. */
const mayDelete = ({ record, deleteWhen }: Pick<FormContext, 'record' | 'deleteWhen'>) => record !== null && holds(deleteWhen, record);

/** The API's answer to a write based on a version that is no longer the record's (409 on `version`). */
export const isStaleVersion = (failure: Failure) =>
  failure.kind === 'http' && failure.status === 409 && (failure.errors ?? []).some(({ field }) => field === 'version');

export const formMachine = setup({
  types: {
    input: {} as FormInput,
    context: {} as FormContext,
    events: {} as FormEvent,
    output: {} as FormOutput,
  },
  actors: {
    loadRecord: notProvided<StoredRecord, { id: string; reload: boolean }>('loadRecord'),
    saveRecord: notProvided<StoredRecord, SaveRecordInput>('saveRecord'),
    deleteRecord: notProvided<void, { id: string }>('deleteRecord'),
  },
  actions: {
    ...outcomeActions,
    showRecord: assign(({ context }, record: StoredRecord) => {
      const values = valuesFromRecord(context.fields, record);
      return { values, savedValues: values, version: record.version, record, problems: {}, failure: null };
    }),
    /** The key of a new create attempt: a random key is an effect, so src/app provides it; none by default. */
    newIdempotencyKey: assign({ idempotencyKey: (): string | null => null }),
  },
  guards: {
    isNew: ({ context }) => context.id === null,
    isValid: ({ context }) => Object.keys(validate(context.fields, context.values)).length === 0,
    isConflict: (_, failure: Failure) => isStaleVersion(failure),
    concernsFields: ({ context }, failure: Failure) => Object.keys(problemsFromFailure(context.fields, failure)).length > 0,
    canDelete: ({ context }) => mayDelete(context),
  },
}).createMachine({
  id: 'form',
  context: ({ input }) => {
    const values = initialValues(input.fields);
    return {
      id: input.id,
      fields: input.fields,
      values,
      savedValues: values,
      version: null,
      record: null,
      problems: {},
      failure: null,
      deleteWhen: input.deleteWhen ?? null,
      messages: input.messages,
      leaveTo: input.leaveTo ?? null,
      stayAfterCreate: input.stayAfterCreate ?? false,
      attemptBody: null,
      idempotencyKey: null,
    };
  },
  output: ({ context }) => ({ record: context.record }),
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
        input: ({ context, event }) => ({
          id: context.id ?? '',
          reload: event.type === 'form.reload',
        }),
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
        'form.delete': { guard: 'canDelete', target: 'deleting' },
      },
    },
    validating: {
      always: [
        {
          guard: 'isValid',
          target: 'saving',
          actions: [
            assign({ problems: {}, failure: null }),
            // A create whose body differs from the last attempt's is a new attempt with a new key; the same body keeps it.
            enqueueActions(({ context, enqueue }) => {
              const body = bodyOf(context);
              if (context.id !== null || (context.attemptBody && sameBody(context.attemptBody, body))) return;
              enqueue.assign({ attemptBody: body });
              enqueue('newIdempotencyKey');
            }),
          ],
        },
        { target: 'editing', actions: assign({ problems: ({ context }) => validate(context.fields, context.values) }) },
      ],
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'saveRecord',
        src: 'saveRecord',
        input: ({ context }) => ({
          id: context.id,
          body: bodyOf(context),
          version: context.version,
          // Drawn for creates only (validating): null for an update.
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: {
          target: 'saved',
          actions: [
            assign({ record: ({ event }) => event.output }),
            { type: 'notify', params: ({ context, event }) => savedNotice(context, event.output) },
            { type: 'navigate', params: ({ context, event }) => afterSave(context, event.output) },
          ],
        },
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
              { type: 'notify', params: ({ context, event }) => saveFailedNotice(context, failureOf({ event })) },
            ],
          },
          {
            target: 'editing',
            actions: [
              assign({ failure: failureOf }),
              { type: 'notify', params: ({ context, event }) => saveFailedNotice(context, failureOf({ event })) },
            ],
          },
        ],
      },
    },
    conflict: {
      description: 'Someone saved the record since it was loaded; nothing was written. Only reloading the latest version goes on.',
      on: { 'form.reload': 'loading' },
    },
    saved: { type: 'final' },
    deleting: {
      description: 'A confirmation dialog is open over the form; the values typed are kept if it is cancelled.',
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            'form.confirmDelete': 'requesting',
            'form.cancelDelete': '#form.editing',
          },
        },
        requesting: {
          tags: 'busy',
          invoke: {
            id: 'deleteRecord',
            src: 'deleteRecord',
            input: ({ context }) => ({ id: context.id ?? '' }),
            onDone: {
              target: '#form.deleted',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => ({ severity: 'success', messageKey: context.messages.deletedKey ?? 'feedback.deleted' }),
                },
                { type: 'navigate', params: ({ context }) => (context.leaveTo === null ? null : { path: context.leaveTo }) },
              ],
            },
            onError: {
              target: '#form.editing',
              actions: { type: 'notify', params: ({ event }) => deleteFailedNotice(failureOf({ event })) },
            },
          },
        },
      },
    },
    deleted: {
      description: 'The record is gone: nothing is left to edit (not final, so a parent never takes it for a save).',
    },
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
export const selectRecord = (snapshot: FormSnapshot) => snapshot.context.record;
/** The record as loaded meets the condition for deleting it (a plan is a DRAFT); the view says why not otherwise. */
export const selectMayDelete = (snapshot: FormSnapshot) => mayDelete(snapshot.context);
export const selectIsConfirmingDelete = (snapshot: FormSnapshot) => snapshot.matches('deleting');
export const selectIsDeleting = (snapshot: FormSnapshot) => snapshot.matches({ deleting: 'requesting' });
export const selectIsDeleted = (snapshot: FormSnapshot) => snapshot.matches('deleted');
/** Every shown required field has a value. */
export const selectIsComplete = (snapshot: FormSnapshot) => isComplete(snapshot.context.fields, snapshot.context.values);
/** Values differ from the loaded ones and are not saved yet. */
export const selectIsDirty = (snapshot: FormSnapshot) =>
  (snapshot.matches('editing') || snapshot.matches('saving') || snapshot.matches('conflict')) &&
  !sameValues(snapshot.context.values, snapshot.context.savedValues);
