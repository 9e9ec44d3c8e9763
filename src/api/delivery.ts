import type { QueryClient } from '@tanstack/query-core';
import type { KyInstance } from 'ky';
import type {
  Enrolment,
  EnrolmentSummary,
  GroupMember,
  HomeAttention,
  LrsCredential,
  LrsCredentialCreated,
  PlanAssignment,
  UserEnrolment,
} from '../domain/delivery';
import type { ListRequest, Page } from '../domain/resource';
import { call } from './http';
import { idempotencyHeaders } from './idempotency';
import { invalidatingWrite, type CacheKey } from './resource-cache';
import { listSearchParams } from './resources';

const segment = encodeURIComponent;

/** What `POST /groups/{id}/members` answers: the users that became members. */
export interface MembersAdded {
  groupId: string;
  added: string[];
}

/** What `POST /training-plans/{id}/assignments` answers: the first assignment's id and every assignment made. */
export interface AssignmentsCreated {
  id: string;
  items: PlanAssignment[];
}

/** The body of `POST /training-plans/{id}/assignments` (docs/server-guide.md, "Learning delivery"). */
export interface AssignmentBody {
  userIds?: string[];
  groupIds?: string[];
  wholeCompany?: boolean;
  dueDate?: string | null;
}

/** A group's members (`/groups/{id}/members`) and a plan's assignments (`/training-plans/{id}/assignments`). */
export function createDeliveryApi(http: KyInstance) {
  const members = (groupId: string) => `groups/${segment(groupId)}/members`;
  const assignments = (planId: string) => `training-plans/${segment(planId)}/assignments`;
  return {
    /** A page of members (sorted by surname and name: the route takes no sort), as rows whose id is the member's user id. */
    listMembers: async (groupId: string, { query }: ListRequest): Promise<Page<GroupMember & { id: string }>> => {
      const searchParams = { page: query.page, pageSize: query.pageSize, ...(query.search ? { search: query.search } : {}) };
      const page = await call<Page<GroupMember>>(http.get(members(groupId), { searchParams }));
      return { ...page, items: page.items.map((member) => ({ ...member, id: member.userId })) };
    },
    addMembers: (groupId: string, userIds: readonly string[], idempotencyKey?: string | null) =>
      call<MembersAdded>(http.post(members(groupId), { json: { userIds }, headers: idempotencyHeaders(idempotencyKey) })),
    removeMember: async (groupId: string, userId: string) => {
      await call<unknown>(http.delete(`${members(groupId)}/${segment(userId)}`));
    },
    listAssignments: (planId: string) => call<Page<PlanAssignment>>(http.get(assignments(planId))),
    assign: (planId: string, body: AssignmentBody, idempotencyKey?: string | null) =>
      call<AssignmentsCreated>(http.post(assignments(planId), { json: body, headers: idempotencyHeaders(idempotencyKey) })),
    removeAssignment: async (planId: string, assignmentId: string) => {
      await call<unknown>(http.delete(`${assignments(planId)}/${segment(assignmentId)}`));
    },
    /** A page of the plan's learners (`status` among the filters). */
    listEnrolments: (planId: string, request: ListRequest) =>
      call<Page<Enrolment>>(http.get(`training-plans/${segment(planId)}/enrolments`, { searchParams: listSearchParams(request) })),
    enrolmentSummary: (planId: string) => call<EnrolmentSummary>(http.get(`training-plans/${segment(planId)}/enrolments/summary`)),
    /** A page of a learner's enrolments (`status` among the filters). */
    listUserEnrolments: (userId: string, request: ListRequest) =>
      call<Page<UserEnrolment>>(http.get(`users/${segment(userId)}/enrolments`, { searchParams: listSearchParams(request) })),
    /** What needs a COMPANY admin's attention on /home: overdue learners, plans nobody is assigned to. */
    homeAttention: () => call<HomeAttention>(http.get('home/attention')),
    /** The company's LRS credentials, revoked ones too, newest first (the route takes no paging: a company has a few). */
    listCredentials: () => call<Page<LrsCredential>>(http.get('lrs-credentials')),
    /** A new credential: the answer holds its secret, this once. */
    createCredential: (label: string) => call<LrsCredentialCreated>(http.post('lrs-credentials', { json: { label } })),
    revokeCredential: async (id: string) => {
      await call<unknown>(http.delete(`lrs-credentials/${segment(id)}`));
    },
  };
}

export type DeliveryApi = ReturnType<typeof createDeliveryApi>;

/**
 * The delivery calls, never cached (members and assignments change who a plan reaches), but their writes make the
 * groups (member counts) and the plans be asked for again.
 */
export function cacheDeliveryApi(api: DeliveryApi, queryClient: QueryClient): DeliveryApi {
  const groupsChanged = invalidatingWrite(queryClient, [['groups'] as CacheKey]);
  const plansChanged = invalidatingWrite(queryClient, [['training-plans'] as CacheKey]);
  return {
    ...api,
    addMembers: (groupId, userIds, idempotencyKey) => groupsChanged(() => api.addMembers(groupId, userIds, idempotencyKey)),
    removeMember: (groupId, userId) => groupsChanged(() => api.removeMember(groupId, userId)),
    assign: (planId, body, idempotencyKey) => plansChanged(() => api.assign(planId, body, idempotencyKey)),
    removeAssignment: (planId, assignmentId) => plansChanged(() => api.removeAssignment(planId, assignmentId)),
  };
}
