/**
 * The xAPI activity IDs of training plans and their items (issue 27): tag URIs (RFC 4151), IRIs that name the record
 * by its id alone, so they never change when the console moves to another host, and learning tools may keep them.
 * `tag:learning-admin-console,2026:plan/<plan id>` and `tag:learning-admin-console,2026:item/<item id>`.
 * No TypeBox: the console imports it too.
 */
export const activityIdPrefix = 'tag:learning-admin-console,2026:';

export const planActivityId = (planId: string) => `${activityIdPrefix}plan/${planId}`;
export const itemActivityId = (itemId: string) => `${activityIdPrefix}item/${itemId}`;
