import { eq, ilike } from 'drizzle-orm';
import { companyOwnerOf, owners } from '../../auth/tenancy';
import { topics } from '../../db/schema';
import { defineResource, isoTimestamps, sortColumns } from '../../store/resource';
import { Topic, topicBody } from '../../../contract/topics.schemas';
import { filterProperties } from '../../../contract/list-filters.schemas';

/** A company's topics. Deleting one removes it from its contents (the join rows cascade), never the contents. */
export const topicsResource = defineResource({
  entity: 'topic',
  path: '/topics',
  access: { read: ['COMPANY'], write: ['COMPANY'], deletable: true },
  // Bulk delete (issue 29): each row by the one-row delete's rules, a refused one skipped with its reason.
  bulk: { delete: true },
  table: topics,
  owner: owners.topics,
  schemas: { title: 'Topic', record: Topic, body: topicBody, filters: filterProperties('topics') },
  rows: (db) => db.select().from(topics).$dynamic(),
  toRecord: isoTimestamps,
  sorts: sortColumns('topics', { name: topics.name, status: topics.status }),
  filter: (_session, { status }, bind) => (status ? eq(topics.status, bind('status', status)) : undefined),
  search: (pattern, _db, bind) => {
    const search = bind('search', pattern);
    return [ilike(topics.name, search)];
  },
  values: async ({ session, body: { color, ...fields }, existing }) => ({
    ...fields,
    ...(color === undefined ? {} : { color: color.toUpperCase() }),
    ...(existing ? { tenantId: existing.tenantId, companyId: existing.companyId } : companyOwnerOf(session)),
  }),
});
