import type { Static } from 'typebox';
import type * as delivery from '../../contract/delivery.schemas';
import type * as lrs from '../../contract/lrs.schemas';

/** Learning delivery (issue 27): groups of a company's users, assignments of published plans, learners' enrolments. */
export { assignmentTargets, enrolmentStatuses } from '../../contract/values';

export type Group = Static<typeof delivery.Group>;
export type GroupMember = Static<typeof delivery.GroupMember>;
export type PlanAssignment = Static<typeof delivery.PlanAssignment>;
export type AssignmentTarget = PlanAssignment['target'];
export type Enrolment = Static<typeof delivery.Enrolment>;
/** A learner's enrolment as the user's page lists it: the plan instead of the learner. */
export type UserEnrolment = Static<typeof delivery.UserEnrolment>;
export type HomeAttention = Static<typeof delivery.HomeAttention>;
export type EnrolmentStatus = Enrolment['status'];
export type EnrolmentSummary = Static<typeof delivery.EnrolmentSummary>;

/** A company's credential for the Learning Record Store, as listed (never its secret). */
export type LrsCredential = Static<typeof lrs.LrsCredential>;
/** The answer of a create: the credential and, this once, its secret. */
export type LrsCredentialCreated = Static<typeof lrs.LrsCredentialCreated>;

/**
 * A due date picked as a day (`YYYY-MM-DD`): the end of that day where the admin is, as the API takes it (an ISO
 * date-time); what is no day is sent as it is, for the API to say why.
 */
export function dueDateOfDay(day: string): string {
  const due = new Date(`${day}T23:59:59`);
  return Number.isNaN(due.getTime()) ? day : due.toISOString();
}
