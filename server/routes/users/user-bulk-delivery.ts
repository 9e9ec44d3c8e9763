import type { BulkSetAction } from '../../store/resource';
import { addGroupMembers, groupInReach, usersOfCompany } from '../groups/group-members.routes';
import { createAssignments, dueDateOf, planToAssign, usersAssigned } from '../training-plans/delivery.routes';

/**
 * The report of a bulk action on users of one company: the ids that are not users of it within the caller's reach
 * are skipped as not found, those found but left as they were (`unchanged`) as UNCHANGED.
 */
function report(ids: readonly string[], found: readonly string[], unchanged: readonly string[], already: string) {
  const inCompany = new Set(found);
  const same = new Set(unchanged);
  const skipped = ids.flatMap((id) =>
    !inCompany.has(id)
      ? [{ id, code: 'USER_NOT_FOUND', message: 'User not found' }]
      : same.has(id)
        ? [{ id, code: 'UNCHANGED', message: already }]
        : [],
  );
  return { succeeded: found.length - same.size, skipped };
}

/**
 * `addToGroup` (issue 29): the users join the group by the rules of `POST /groups/{id}/members` (a group of the
 * caller's company, else 404 for the whole request; users of its company; one audit row of the group naming who
 * came), those already members skipped as UNCHANGED. The group is locked: the same request twice runs one after
 * the other, the second finding everyone a member.
 */
export const addUsersToGroup: BulkSetAction = (db, session, ids, { groupId }) =>
  db.transaction(async (tx) => {
    const group = await groupInReach(tx, session, groupId!, true);
    const found = await usersOfCompany(tx, session, group.companyId, ids);
    const added = new Set(await addGroupMembers(tx, session, group, found));
    return report(
      ids,
      found,
      found.filter((id) => !added.has(id)),
      'Already a member of the group',
    );
  });

/**
 * `assignPlan` (issue 29): the plan is assigned to each user by the rules of `POST /training-plans/{id}/assignments`
 * (a plan of the caller's company, else 404, PUBLISHED, else 409, for the whole request; users of its company; one
 * audited assignment per user, the optional due date on each), those it is already assigned to by name skipped as
 * UNCHANGED. The plan is locked FOR NO KEY UPDATE: two such requests run one after the other, so a user is never
 * assigned twice by them.
 */
export const assignUsersPlan: BulkSetAction = (db, session, ids, { planId, dueDate }) => {
  const due = dueDateOf(dueDate ?? null);
  return db.transaction(async (tx) => {
    const plan = await planToAssign(tx, session, planId!, 'no key update');
    const found = await usersOfCompany(tx, session, plan.companyId, ids);
    const assigned = await usersAssigned(tx, plan.id, found);
    const already = new Set(assigned);
    const targets = found.filter((userId) => !already.has(userId)).map((userId) => ({ target: 'USER' as const, userId }));
    await createAssignments(tx, session, plan, targets, due);
    return report(ids, found, assigned, 'Already assigned the plan');
  });
};
