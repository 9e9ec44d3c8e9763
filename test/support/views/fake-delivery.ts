import { vi } from 'vitest';
import type { Failure } from '../../../src/domain/failure';
import type { ListRequest } from '../../../src/domain/resource';

const notFound: Failure = { kind: 'http', status: 404, message: 'Not found' };

export interface FakeMember {
  userId: string;
  name: string;
  surname: string;
  email: string;
  addedAt: string;
}

export interface FakeAssignment {
  id: string;
  createdAt: string;
  trainingPlanId: string;
  target: 'USER' | 'GROUP' | 'COMPANY';
  userId: string | null;
  groupId: string | null;
  targetName: string | null;
  dueDate: string | null;
  learnerCount: number;
}

export interface FakeEnrolment {
  id: string;
  enrolledAt: string;
  trainingPlanId: string;
  userId: string;
  name: string;
  surname: string;
  email: string;
  status: 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED' | 'OVERDUE';
  dueDate: string | null;
  startedAt: string | null;
  completedAt: string | null;
  progress: number;
  lastActivityAt: string | null;
}

export interface FakeCredential {
  id: string;
  createdAt: string;
  label: string;
  key: string;
  createdBy: string | null;
  createdByName: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

export interface FakeUserEnrolment {
  id: string;
  enrolledAt: string;
  trainingPlanId: string;
  planName: string;
  userId: string;
  status: FakeEnrolment['status'];
  dueDate: string | null;
  startedAt: string | null;
  completedAt: string | null;
  progress: number;
  lastActivityAt: string | null;
}

const noAttention = { overdue: { total: 0, learners: [] }, unassignedPlans: { total: 0, plans: [] } };

const emptySummary = {
  enrolled: 0,
  notStarted: 0,
  inProgress: 0,
  completed: 0,
  overdue: 0,
  completionRate: 0,
  completionsByDay: [],
};

/**
 * Groups' members and plans' assignments in memory, answering like the API (docs/server-guide.md, "Learning
 * delivery"): members a page at a time searched by name, surname or email; every call a spy. `users` names the
 * users that may be added (by id).
 */
export function fakeDelivery({
  members = {},
  assignments = [],
  users = [],
  enrolments = [],
  summary = emptySummary,
  credentials = [],
  userEnrolments = [],
  attention = noAttention,
}: {
  members?: Record<string, FakeMember[]>;
  assignments?: FakeAssignment[];
  users?: Omit<FakeMember, 'addedAt'>[];
  /** Every plan's enrolments (`trainingPlanId` says whose). */
  enrolments?: FakeEnrolment[];
  /** What `…/enrolments/summary` answers for any plan. */
  summary?: unknown;
  /** The company's LRS credentials, newest first. */
  credentials?: FakeCredential[];
  /** Every learner's enrolments as the user's page lists them (`userId` says whose). */
  userEnrolments?: FakeUserEnrolment[];
  /** What `GET home/attention` answers (nothing needs attention unless given). */
  attention?: unknown;
} = {}) {
  const kept = [...credentials];
  const memberships = new Map(Object.entries(members).map(([groupId, rows]) => [groupId, [...rows]]));
  const assigned = [...assignments];
  let created = 0;
  const spies = {
    listMembers: vi.fn(async (groupId: string, { query }: ListRequest) => {
      const needle = query.search.toLowerCase();
      const rows = (memberships.get(groupId) ?? [])
        .filter((row) => !needle || [row.name, row.surname, row.email].some((text) => text.toLowerCase().includes(needle)))
        .sort((a, b) => a.surname.localeCompare(b.surname));
      const start = (query.page - 1) * query.pageSize;
      return { items: rows.slice(start, start + query.pageSize), total: rows.length, totalIsEstimate: false };
    }),
    addMembers: vi.fn(async (groupId: string, userIds: string[], _idempotencyKey: string | null) => {
      const rows = memberships.get(groupId) ?? [];
      const added = userIds.filter((id) => !rows.some((row) => row.userId === id));
      for (const id of added) {
        const user = users.find((candidate) => candidate.userId === id);
        if (!user)
          throw { kind: 'http', status: 400, message: 'Bad request', errors: [{ field: 'userIds', message: 'not a user of the company' }] };
        rows.push({ ...user, addedAt: '2026-11-20T09:00:00.000Z' });
      }
      memberships.set(groupId, rows);
      return { groupId, added };
    }),
    removeMember: vi.fn(async (groupId: string, userId: string) => {
      const rows = memberships.get(groupId) ?? [];
      if (!rows.some((row) => row.userId === userId)) throw notFound;
      memberships.set(
        groupId,
        rows.filter((row) => row.userId !== userId),
      );
    }),
    listAssignments: vi.fn(async (planId: string) => {
      const rows = assigned.filter((row) => row.trainingPlanId === planId);
      return { items: rows, total: rows.length, totalIsEstimate: false };
    }),
    assign: vi.fn(async (planId: string, body: Record<string, unknown>, _idempotencyKey: string | null) => {
      const due = typeof body.dueDate === 'string' ? body.dueDate : null;
      const targets: Pick<FakeAssignment, 'target' | 'userId' | 'groupId' | 'targetName'>[] = [
        ...((body.userIds as string[] | undefined) ?? []).map((userId) => ({
          target: 'USER' as const,
          userId,
          groupId: null,
          targetName: userId,
        })),
        ...((body.groupIds as string[] | undefined) ?? []).map((groupId) => ({
          target: 'GROUP' as const,
          userId: null,
          groupId,
          targetName: groupId,
        })),
        ...(body.wholeCompany ? [{ target: 'COMPANY' as const, userId: null, groupId: null, targetName: null }] : []),
      ];
      const items = targets.map((target) => {
        created += 1;
        return {
          id: `assignment-${created}`,
          createdAt: '2026-11-28T10:00:00.000Z',
          trainingPlanId: planId,
          dueDate: due,
          learnerCount: 1,
          ...target,
        };
      });
      assigned.push(...items);
      return { id: items[0]!.id, items };
    }),
    listEnrolments: vi.fn(async (planId: string, { query, filters }: ListRequest) => {
      const needle = query.search.toLowerCase();
      const rows = enrolments
        .filter((row) => row.trainingPlanId === planId && (!filters.status || row.status === filters.status))
        .filter((row) => !needle || [row.name, row.surname, row.email].some((text) => text.toLowerCase().includes(needle)));
      if (query.sortBy) {
        const sortBy = query.sortBy as keyof FakeEnrolment;
        const direction = query.sortOrder === 'desc' ? -1 : 1;
        rows.sort((a, b) => direction * String(a[sortBy]).localeCompare(String(b[sortBy])));
      }
      const start = (query.page - 1) * query.pageSize;
      return { items: rows.slice(start, start + query.pageSize), total: rows.length, totalIsEstimate: false };
    }),
    enrolmentSummary: vi.fn(async (_planId: string) => summary),
    /** `GET …/enrolments/export`: the CSV file (its bytes do not matter to the console, which saves them). */
    exportLearners: vi.fn(async (_planId: string, _request: ListRequest) => 'Name,Status\r\n'),
    listUserEnrolments: vi.fn(async (userId: string, { query, filters }: ListRequest) => {
      const needle = query.search.toLowerCase();
      const rows = userEnrolments
        .filter((row) => row.userId === userId && (!filters.status || row.status === filters.status))
        .filter((row) => !needle || row.planName.toLowerCase().includes(needle));
      const start = (query.page - 1) * query.pageSize;
      return { items: rows.slice(start, start + query.pageSize), total: rows.length, totalIsEstimate: false };
    }),
    homeAttention: vi.fn(async () => attention),
    listCredentials: vi.fn(async () => ({ items: kept, total: kept.length, totalIsEstimate: false })),
    createCredential: vi.fn(async (label: string) => {
      created += 1;
      const credential = {
        id: `credential-${created}`,
        createdAt: '2026-11-28T10:00:00.000Z',
        label,
        key: `key-${created}`,
        createdBy: 'user-1',
        createdByName: 'Carla Bianchi',
        revokedAt: null,
        lastUsedAt: null,
      };
      kept.unshift(credential);
      return { ...credential, secret: `secret-${created}` };
    }),
    revokeCredential: vi.fn(async (id: string) => {
      const credential = kept.find((row) => row.id === id && !row.revokedAt);
      if (!credential) throw notFound;
      credential.revokedAt = '2026-11-28T11:00:00.000Z';
    }),
    removeAssignment: vi.fn(async (planId: string, assignmentId: string) => {
      const index = assigned.findIndex((row) => row.id === assignmentId && row.trainingPlanId === planId);
      if (index < 0) throw notFound;
      assigned.splice(index, 1);
    }),
  };
  return { spies, memberships, assigned, credentials: kept };
}

export type FakeDelivery = ReturnType<typeof fakeDelivery>;
