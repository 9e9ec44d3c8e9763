import { fromPromise } from 'xstate';
import type { AssignmentBody, DeliveryApi } from '../api/delivery';
import type { ExportApi } from '../api/exports';
import { dueDateOfDay, type Enrolment, type LrsCredential, type PlanAssignment, type UserEnrolment } from '../domain/delivery';
import type { RecordBody, StoredRecord } from '../domain/resource';
import type { SaveRecordInput } from '../machines/form.machine';
import { listExportMachine } from '../machines/list-export.machine';
import { listMachineOf } from '../machines/list.machine';
import type { DeliveryMachines, GroupMemberRow, LrsCredentialRow } from '../views/actors';
import { saveDownload } from './download';
import { keyedFormMachine } from './keyed-form';
import type { OutcomeActions } from './outcomes';

const nothingToLoad = fromPromise<StoredRecord, { id: string; reload: boolean }>(() =>
  Promise.reject(new Error('A dialog that only creates loads nothing')),
);
const nothingToDelete = fromPromise<void, { id: string }>(() => Promise.reject(new Error('A dialog that only creates deletes nothing')));

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);

/**
 * The assign dialog's body as the API takes it: the target chosen says which of users, groups or the whole company;
 * the due date (a day) is the end of that day where the admin is.
 */
export function assignmentBodyOf({ target, userIds, groupIds, dueDate }: RecordBody): AssignmentBody {
  return {
    ...(target === 'USER' && { userIds: idsOf(userIds) }),
    ...(target === 'GROUP' && { groupIds: idsOf(groupIds) }),
    ...(target === 'COMPANY' && { wholeCompany: true }),
    ...(typeof dueDate === 'string' && dueDate && { dueDate: dueDateOfDay(dueDate) }),
  };
}

/** What a create-only dialog's form keeps as its record: the owner's id (the dialog shows nothing of it). */
const savedOn = (id: string): StoredRecord => ({ id, createdAt: '', updatedAt: '', version: 0 }) as StoredRecord;

/** A credential as a list row: `state` says whether it may still be revoked (the list's Delete is Revoke). */
export const credentialRow = (credential: LrsCredential): LrsCredentialRow => ({
  ...credential,
  state: credential.revokedAt ? 'REVOKED' : 'ACTIVE',
});

/**
 * A group's members and a plan's assignments: each a list (paged, a row removed after its confirmation) on the
 * generic list machine, and a create-only form (add members, assign) on the generic form machine.
 */
export function provideDeliveryMachines(api: DeliveryApi, exports: ExportApi, outcomes: OutcomeActions): DeliveryMachines {
  return {
    members: (groupId) => ({
      list: listMachineOf<GroupMemberRow>().provide({
        actors: {
          fetchPage: fromPromise(({ input: { reload: _, ...request } }) => api.listMembers(groupId, request)),
          deleteRecord: fromPromise(({ input }) => api.removeMember(groupId, input.id)),
        },
        actions: outcomes,
      }),
      add: keyedFormMachine.provide({
        actors: {
          loadRecord: nothingToLoad,
          saveRecord: fromPromise(async ({ input: { body, idempotencyKey } }) => {
            await api.addMembers(groupId, idsOf(body.userIds), idempotencyKey);
            return savedOn(groupId);
          }),
          deleteRecord: nothingToDelete,
        },
        actions: outcomes,
      }),
    }),
    assignments: (planId) => ({
      list: listMachineOf<PlanAssignment>().provide({
        actors: {
          fetchPage: fromPromise(() => api.listAssignments(planId)),
          deleteRecord: fromPromise(({ input }) => api.removeAssignment(planId, input.id)),
        },
        actions: outcomes,
      }),
      assign: keyedFormMachine.provide({
        actors: {
          loadRecord: nothingToLoad,
          saveRecord: fromPromise(async ({ input: { body, idempotencyKey } }) => {
            const created = await api.assign(planId, assignmentBodyOf(body), idempotencyKey);
            return savedOn(created.id);
          }),
          deleteRecord: nothingToDelete,
        },
        actions: outcomes,
      }),
    }),
    learners: (planId) => ({
      list: listMachineOf<Enrolment>().provide({
        actors: {
          fetchPage: fromPromise(({ input: { reload: _, ...request } }) => api.listEnrolments(planId, request)),
          deleteRecord: nothingToDelete,
        },
        actions: outcomes,
      }),
      export: listExportMachine.provide({
        actors: {
          exportList: fromPromise(async ({ input: { language, ...request } }) =>
            saveDownload(await exports.exportLearners(planId, request, language)),
          ),
        },
        actions: outcomes,
      }),
      // The summary is read like a record (loading, its failure and Retry): the form machine with no field.
      summary: keyedFormMachine.provide({
        actors: {
          loadRecord: fromPromise<StoredRecord, { id: string; reload: boolean }>(async () => ({
            ...savedOn(planId),
            ...(await api.enrolmentSummary(planId)),
          })),
          saveRecord: fromPromise<StoredRecord, SaveRecordInput>(() => Promise.reject(new Error('A summary is never saved'))),
          deleteRecord: nothingToDelete,
        },
        actions: outcomes,
      }),
    }),
    userEnrolments: (userId) =>
      listMachineOf<UserEnrolment>().provide({
        actors: {
          fetchPage: fromPromise(({ input: { reload: _, ...request } }) => api.listUserEnrolments(userId, request)),
          deleteRecord: nothingToDelete,
        },
        actions: outcomes,
      }),
    // What needs attention, read like a record (loading, its failure and Retry): the form machine with no field.
    attention: keyedFormMachine.provide({
      actors: {
        loadRecord: fromPromise<StoredRecord, { id: string; reload: boolean }>(async () => ({
          ...savedOn('attention'),
          ...(await api.homeAttention()),
        })),
        saveRecord: fromPromise<StoredRecord, SaveRecordInput>(() => Promise.reject(new Error('What needs attention is never saved'))),
        deleteRecord: nothingToDelete,
      },
      actions: outcomes,
    }),
    lrsCredentials: {
      list: listMachineOf<LrsCredentialRow>().provide({
        actors: {
          fetchPage: fromPromise(async () => {
            const page = await api.listCredentials();
            return { ...page, items: page.items.map(credentialRow) };
          }),
          deleteRecord: fromPromise(({ input }) => api.revokeCredential(input.id)),
        },
        actions: outcomes,
      }),
      // The created credential, its secret with it, is the form's record: the dialog shows it once.
      create: keyedFormMachine.provide({
        actors: {
          loadRecord: nothingToLoad,
          saveRecord: fromPromise(async ({ input: { body } }) => {
            const created = await api.createCredential(typeof body.label === 'string' ? body.label : '');
            return { ...created, updatedAt: created.createdAt, version: 0 } as StoredRecord;
          }),
          deleteRecord: nothingToDelete,
        },
        actions: outcomes,
      }),
    },
  };
}
