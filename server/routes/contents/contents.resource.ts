import { and, eq, getTableColumns, ilike, inArray, sql } from 'drizzle-orm';
import { companyOwnerOf, owners } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import { qualified } from '../../db/qualified';
import { contents, contentTopics, topics, trainingPlanItems, trainingPlanModules, trainingPlans } from '../../db/schema';
import { conflict, invalidField } from '../../http/api-error';
import { defineResource, isoTimestamps, sortColumns, type WriteContext } from '../../store/resource';
import { contentState, type ContentWrite } from './content-rules';
import { Content, contentBody } from '../../../contract/contents.schemas';
import { filterProperties } from '../../../contract/list-filters.schemas';

interface TopicRef {
  id: string;
  name: string;
}

/** The content's topics, by name, as one JSON array (a correlated subquery on the join table's primary key). */
const [topicId, topicName] = [qualified(topics.id), qualified(topics.name)];
const topicsOfContent = sql<TopicRef[]>`coalesce((
  select json_agg(json_build_object('id', ${topicId}, 'name', ${topicName}) order by ${topicName}, ${topicId})
    from ${contentTopics} join ${topics} on ${topicId} = ${qualified(contentTopics.topicId)}
   where ${qualified(contentTopics.contentId)} = ${qualified(contents.id)}), '[]'::json)`;

/**
 * A company's contents: type, render type, text, video and status follow `contentState`; `topicIds` are written to
 * `content_topics` in the transaction of the content. A content used by a training-plan item cannot be deleted.
 */
export const contentsResource = defineResource({
  entity: 'content',
  path: '/contents',
  access: { read: ['COMPANY'], write: ['COMPANY'], deletable: true },
  // Bulk delete (issue 29): each row by the one-row delete's rules, a refused one skipped with its reason.
  bulk: { delete: true },
  table: contents,
  owner: owners.contents,
  schemas: { title: 'Content', record: Content, body: contentBody, filters: filterProperties('contents') },
  rows: (db) =>
    db
      .select({ ...getTableColumns(contents), topics: topicsOfContent })
      .from(contents)
      .$dynamic(),
  toRecord: ({ topics: topicRefs, ...row }) => ({
    ...isoTimestamps(row),
    topicIds: topicRefs.map((topic) => topic.id),
    topics: topicRefs,
  }),
  sorts: sortColumns('contents', { id: contents.id, title: contents.title, createdAt: contents.createdAt, updatedAt: contents.updatedAt }),
  // A topic out of the caller's reach matches nothing: its join rows are another company's (and row-level security's).
  filter: (_session, { type, renderType, status, topicId }, bind) =>
    and(
      type ? eq(contents.type, bind('type', type)) : undefined,
      renderType ? eq(contents.renderType, bind('renderType', renderType)) : undefined,
      status ? eq(contents.status, bind('status', status)) : undefined,
      topicId
        ? sql`${qualified(contents.id)} in (select ${qualified(contentTopics.contentId)} from ${contentTopics} where ${qualified(contentTopics.topicId)} = ${bind('topicId', topicId)})`
        : undefined,
    ),
  search: (pattern, _db, bind) => {
    const search = bind('search', pattern);
    return [ilike(contents.title, search)];
  },
  partialUpdate: true,
  // With partialUpdate, a PUT body may leave out any field, the title too.
  values: async ({ session, body, existing }: WriteContext<typeof contents, ContentWrite>) => {
    const title = body.title ?? existing?.title;
    if (title === undefined) throw invalidField('title', 'required', 'is required');
    return {
      title,
      background: body.background,
      ...contentState(body, existing),
      ...(existing ? { tenantId: existing.tenantId, companyId: existing.companyId } : companyOwnerOf(session)),
    };
  },
  afterWrite: async ({ db, body, row, existing }) => writeTopics(db, row, body.topicIds, existing !== undefined),
  beforeDelete: async ({ existing, db }) => {
    const plans = await db
      .selectDistinct({ name: trainingPlans.name })
      .from(trainingPlanItems)
      .innerJoin(trainingPlanModules, eq(trainingPlanModules.id, trainingPlanItems.moduleId))
      .innerJoin(trainingPlans, eq(trainingPlans.id, trainingPlanModules.trainingPlanId))
      .where(eq(trainingPlanItems.contentId, existing.id))
      .orderBy(trainingPlans.name);
    if (plans.length > 0) {
      const names = plans.map((plan) => `"${plan.name}"`).join(', ');
      throw conflict(`The content is used by the training plan${plans.length > 1 ? 's' : ''} ${names}`, 'CONTENT_IN_PLANS', {
        params: { plans: names, count: plans.length },
      });
    }
  },
  inUse: { code: 'CONTENT_IN_USE', message: 'The content is used by a training plan' },
});

/**
 * Makes the content's topics the given ones (undefined: unchanged). They must be topics of the content's company;
 * they are locked (KEY SHARE) so that none is deleted before the join rows are written. Answers ['topicIds'] if
 * the set changed.
 */
async function writeTopics(
  db: Database,
  content: { id: string; companyId: string },
  topicIds: string[] | undefined,
  existed: boolean,
): Promise<string[]> {
  if (topicIds === undefined) return [];
  const wanted = [...new Set(topicIds)];
  const found = wanted.length
    ? await db
        .select({ id: topics.id })
        .from(topics)
        .where(and(inArray(topics.id, wanted), eq(topics.companyId, content.companyId)))
        .for('key share')
    : [];
  if (found.length !== wanted.length) throw invalidField('topicIds', 'notFound', 'not found');

  const current = existed
    ? (await db.select({ id: contentTopics.topicId }).from(contentTopics).where(eq(contentTopics.contentId, content.id))).map(
        (row) => row.id,
      )
    : [];
  const removed = current.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !current.includes(id));
  if (removed.length) {
    await db.delete(contentTopics).where(and(eq(contentTopics.contentId, content.id), inArray(contentTopics.topicId, removed)));
  }
  if (added.length) await db.insert(contentTopics).values(added.map((topicId) => ({ contentId: content.id, topicId })));
  return removed.length || added.length ? ['topicIds'] : [];
}
