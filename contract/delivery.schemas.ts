import { Type } from 'typebox';
import { formBody, NullableString, OneOf, OptionalText, recordProperties, RequiredText, Uuid } from './common.schemas';
import { assignmentTargets, enrolmentStatuses } from './values';

// Learning delivery (issue 27): groups of a company's users, assignments of published plans, learners' enrolments.

/** At most this many users or groups in one body (members added, targets of one assignment). */
export const deliveryLimits = { idsPerRequest: 500 } as const;

const Ids = (description: string) => Type.Array(Uuid, { minItems: 1, maxItems: deliveryLimits.idsPerRequest, description });
const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const Group = Type.Object(
  {
    ...recordProperties,
    name: Type.String(),
    description: NullableString,
    memberCount: Type.Integer({ minimum: 0 }),
    companyId: Uuid,
    tenantId: Uuid,
  },
  { title: 'Group' },
);

export const groupBody = formBody('groups', {
  name: RequiredText(200),
  description: OptionalText(2000),
});

/** `/groups/:id/members` and `/groups/:id/members/:userId`. */
export const GroupParams = Type.Object({ id: Uuid }, { additionalProperties: false });
export const GroupMemberParams = Type.Object({ id: Uuid, userId: Uuid }, { additionalProperties: false });

/** The learner as lists of members and enrolments show them. */
const Learner = {
  userId: Uuid,
  name: Type.String(),
  surname: Type.String(),
  email: Type.String(),
};

export const GroupMember = Type.Object({ ...Learner, addedAt: Timestamp }, { title: 'GroupMember' });

export const GroupMembersBody = Type.Object(
  { userIds: Ids("Users of the group's company; those already members are left as they are") },
  { additionalProperties: false, title: 'GroupMembersBody' },
);

/** What `POST /groups/:id/members` answers: the users that became members (not those already in). */
export const GroupMembersAdded = Type.Object({ added: Type.Array(Uuid), groupId: Uuid }, { title: 'GroupMembersAdded' });

/** `/training-plans/:id/assignments` and `/training-plans/:id/assignments/:assignmentId`. */
export const PlanParams = Type.Object({ id: Uuid }, { additionalProperties: false });
export const AssignmentParams = Type.Object({ id: Uuid, assignmentId: Uuid }, { additionalProperties: false });

export const PlanAssignment = Type.Object(
  {
    id: Uuid,
    createdAt: Timestamp,
    trainingPlanId: Uuid,
    target: OneOf(assignmentTargets),
    /** The user (USER) or group (GROUP) assigned, with its name; null for COMPANY. */
    userId: Type.Union([Uuid, Type.Null()]),
    groupId: Type.Union([Uuid, Type.Null()]),
    targetName: NullableString,
    dueDate: NullableTimestamp,
    /** How many learners it reaches now. */
    learnerCount: Type.Integer({ minimum: 0 }),
  },
  { title: 'PlanAssignment' },
);

export const AssignmentBody = Type.Object(
  {
    userIds: Type.Optional(Ids("Users of the plan's company")),
    groupIds: Type.Optional(Ids("Groups of the plan's company")),
    wholeCompany: Type.Optional(Type.Boolean({ description: 'Every user of the company, now and later' })),
    dueDate: Type.Optional(
      Type.Union([Timestamp, Type.Null()], { description: 'When the learners it reaches must have completed the plan' }),
    ),
  },
  { additionalProperties: false, title: 'AssignmentBody' },
);

/** What `POST /training-plans/:id/assignments` answers: one assignment per target. */
export const PlanAssignmentsCreated = Type.Object(
  { id: Uuid, items: Type.Array(PlanAssignment) },
  { title: 'PlanAssignmentsCreated', description: '`id`: the first assignment created' },
);

export const Enrolment = Type.Object(
  {
    id: Uuid,
    enrolledAt: Timestamp,
    trainingPlanId: Uuid,
    ...Learner,
    status: OneOf(enrolmentStatuses),
    dueDate: NullableTimestamp,
    startedAt: NullableTimestamp,
    completedAt: NullableTimestamp,
    progress: Type.Number({ minimum: 0, maximum: 1, description: 'Items done ÷ items' }),
    lastActivityAt: NullableTimestamp,
  },
  { title: 'Enrolment' },
);

/** A learner's enrolment as the user's page lists it (`GET /users/:id/enrolments`): the plan instead of the learner. */
export const UserEnrolment = Type.Object(
  {
    id: Uuid,
    enrolledAt: Timestamp,
    trainingPlanId: Uuid,
    planName: Type.String(),
    userId: Uuid,
    status: OneOf(enrolmentStatuses),
    dueDate: NullableTimestamp,
    startedAt: NullableTimestamp,
    completedAt: NullableTimestamp,
    progress: Type.Number({ minimum: 0, maximum: 1, description: 'Items done ÷ items' }),
    lastActivityAt: NullableTimestamp,
  },
  { title: 'UserEnrolment' },
);

export const enrolmentFilters = {
  status: Type.Optional(OneOf(enrolmentStatuses, { description: 'Only the enrolments of this status' })),
};

const Count = Type.Integer({ minimum: 0 });

/** What `GET /training-plans/:id/enrolments/summary` answers: a plan's learners counted by status, and completions per day. */
export const EnrolmentSummary = Type.Object(
  {
    enrolled: Count,
    notStarted: Count,
    inProgress: Count,
    completed: Count,
    overdue: Count,
    completionRate: Type.Number({ minimum: 0, maximum: 1, description: 'Completed ÷ enrolled (0 with no learner)' }),
    completionsByDay: Type.Array(
      Type.Object({ day: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'A UTC day' }), completed: Count }),
      { description: 'The enrolments completed on each day (UTC) that has any, oldest first' },
    ),
  },
  { title: 'EnrolmentSummary' },
);

const AttentionCount = Type.Integer({ minimum: 0 });

/**
 * What `GET /home/attention` answers: the learners past a due date without completion (how many, and for a COMPANY
 * admin the longest overdue first) and the published plans nobody is assigned to (how many, and for a COMPANY admin
 * the oldest first). A TENANT or GLOBAL admin gets the counts over its reach and, in `companies`, the companies with
 * something to act on, the most overdue first (their learners and plans are the company admins' to name: empty).
 */
export const HomeAttention = Type.Object(
  {
    overdue: Type.Object({
      total: AttentionCount,
      learners: Type.Array(
        Type.Object({
          enrolmentId: Uuid,
          ...Learner,
          trainingPlanId: Uuid,
          planName: Type.String(),
          dueDate: Timestamp,
        }),
        { description: 'At most five, the earliest due date first' },
      ),
    }),
    unassignedPlans: Type.Object({
      total: AttentionCount,
      plans: Type.Array(Type.Object({ id: Uuid, name: Type.String() }), { description: 'At most five, the oldest first' }),
    }),
    companies: Type.Optional(
      Type.Object(
        {
          total: AttentionCount,
          items: Type.Array(
            Type.Object({
              id: Uuid,
              name: Type.String(),
              tenant: Type.Object({ id: Uuid, name: Type.String() }),
              overdue: AttentionCount,
              unassignedPlans: AttentionCount,
            }),
            { description: 'At most five, the most overdue learners first, then the most unassigned plans, then by name' },
          ),
        },
        { description: 'TENANT and GLOBAL admins only: the companies of their reach with overdue learners or unassigned plans' },
      ),
    ),
  },
  { title: 'HomeAttention' },
);
