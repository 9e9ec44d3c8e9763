import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { companiesResource } from '../../../server/routes/companies/companies.resource';
import { contentsResource } from '../../../server/routes/contents/contents.resource';
import { tenantsResource } from '../../../server/routes/tenants/tenants.resource';
import { topicsResource } from '../../../server/routes/topics/topics.resource';
import { trainingPlansResource } from '../../../server/routes/training-plans/training-plans.resource';
import { usersResource } from '../../../server/routes/users/users.resource';
import { quizzesResource } from '../../../server/routes/quizzes/quizzes.resource';
import { groupsResource } from '../../../server/routes/groups/groups.resource';
import { contentTopics, groupMembers } from '../../../server/db/schema';
import { useTestApp } from '../../support/server/harness';

const testApp = useTestApp();

/**
 * The columns a list can be filtered on before it is sorted: none for GLOBAL, then the scope columns of the scopes
 * that may read it (topics, contents and plans: COMPANY only). `searchColumns` are the trigram-indexed searched fields.
 */
const lists = [
  { resource: companiesResource, scopeColumns: [null, 'tenant_id'], searchColumns: ['name', 'address_line1'] },
  { resource: tenantsResource, scopeColumns: [null], searchColumns: ['name', 'url'] },
  { resource: usersResource, scopeColumns: [null, 'tenant_id', 'company_id'], searchColumns: ['name', 'surname', 'email'] },
  { resource: topicsResource, scopeColumns: ['company_id'], searchColumns: ['name'] },
  { resource: contentsResource, scopeColumns: ['company_id'], searchColumns: ['title'] },
  // A plan search also matches its status (two values): a filter on the company's rows, no index of its own.
  { resource: trainingPlansResource, scopeColumns: ['company_id'], searchColumns: ['name'] },
  { resource: quizzesResource, scopeColumns: ['company_id'], searchColumns: ['title'] },
  // Learning delivery (issue 27).
  { resource: groupsResource, scopeColumns: ['company_id'], searchColumns: ['name', 'description'] },
];

async function indexesOf(table: PgTable) {
  const result = await testApp.db.execute(sql`
    SELECT am.amname AS method, pg_get_indexdef(x.indexrelid) AS definition,
           ARRAY(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, position)
                   JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum ORDER BY k.position)::text[] AS columns
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_am am ON am.oid = i.relam
     WHERE t.relname = ${getTableName(table)}`);
  return (result as unknown as { rows: { method: string; columns: string[]; definition: string }[] }).rows;
}

describe('indexes behind every list', () => {
  it.each(lists.map((list) => [list.resource.path, list] as const))(
    '%s has a btree for each allowed sort and the default order under each scope, ending with id, and trigram indexes on its search fields',
    async (_path, { resource, scopeColumns, searchColumns }) => {
      const indexes = await indexesOf(resource.table);
      const btrees = indexes.filter((index) => index.method === 'btree').map((index) => index.columns.join(','));
      const trigrams = indexes.filter((index) => index.definition.includes('gin_trgm_ops')).map((index) => index.columns.join(','));

      // The allowed sorts, and createdAt: the order of a list without (or with an ignored) sortBy.
      const orders = new Set([...Object.values(resource.sorts), resource.table.createdAt]);
      const wanted = scopeColumns.flatMap((scope) =>
        [...orders].map((column) =>
          [scope, column.name, 'id'].filter((name, position, all) => name !== null && all.indexOf(name) === position).join(','),
        ),
      );
      expect(btrees).toEqual(expect.arrayContaining(wanted));
      expect(trigrams.sort()).toEqual([...searchColumns].sort());
    },
  );
});

describe('indexes behind the filters of the big lists (issue 29)', () => {
  it("users by company, group: the company's btrees, the members' primary key leading with the group", async () => {
    const users = (await indexesOf(usersResource.table)).map((index) => index.columns.join(','));
    expect(users).toEqual(expect.arrayContaining(['company_id,id', 'tenant_id,id']));
    const members = (await indexesOf(groupMembers)).map((index) => index.columns.join(','));
    expect(members).toContain('group_id,user_id');
  });

  it('contents by topic: the topic index of the join rows', async () => {
    const joins = (await indexesOf(contentTopics)).map((index) => index.columns[0]);
    expect(joins).toContain('topic_id');
  });
});
