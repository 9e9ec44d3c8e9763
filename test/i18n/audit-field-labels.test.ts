import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companiesResource } from '../../server/routes/companies/companies.resource';
import { contentsResource } from '../../server/routes/contents/contents.resource';
import { groupsResource } from '../../server/routes/groups/groups.resource';
import { quizzesResource } from '../../server/routes/quizzes/quizzes.resource';
import { tenantsResource } from '../../server/routes/tenants/tenants.resource';
import { topicsResource } from '../../server/routes/topics/topics.resource';
import { moduleItems, planModules } from '../../server/routes/training-plans/plan-children';
import { trainingPlansResource } from '../../server/routes/training-plans/training-plans.resource';
import { usersResource } from '../../server/routes/users/users.resource';
import { createI18n, type Language } from '../../src/i18n';
import { changedText } from '../../src/views/history/HistoryPanel';
import { loadTranslationsAtOnce } from '../support/translations';

/** What every record has and no write names as changed. */
const bookkeeping = new Set(['id', 'createdAt', 'updatedAt', 'version', 'position']);

const resources: { auditNames?: Record<string, string>; table: Parameters<typeof getTableColumns>[0] }[] = [
  companiesResource,
  tenantsResource,
  usersResource,
  topicsResource,
  contentsResource,
  trainingPlansResource,
  planModules,
  moduleItems,
  quizzesResource,
  groupsResource,
];

/**
 * The names an audit entry's `changed` can hold: every column a generic write sets (as its audit name), and the ones
 * written beside a record (its topics, an invitation, the order, the account's security, deliveries, members).
 */
const auditedNames = [
  ...new Set([
    ...resources.flatMap(({ table, auditNames }) =>
      Object.keys(getTableColumns(table))
        .filter((column) => !bookkeeping.has(column))
        .map((column) => auditNames?.[column] ?? column),
    ),
    ...['topicIds', 'invitation', 'order', 'password', 'twoFactor', 'recoveryCodes', 'requireTwoFactor'],
    ...['target', 'userId', 'groupId', 'dueDate', 'members'],
  ]),
].sort();

describe('History names every field by its label', () => {
  it.each<Language>(['en', 'it'])('in %s, for every field an audit entry can name', async (language) => {
    const i18n = await createI18n(language, { load: loadTranslationsAtOnce });
    const unlabelled = auditedNames.filter((name) => changedText(i18n.t, { changed: [name] } as never) === name);
    expect(unlabelled).toEqual([]);
  });

  it('shows the labels, not the API names, of the fields the last outside run saw raw', async () => {
    const i18n = await createI18n('it', { load: loadTranslationsAtOnce });
    expect(changedText(i18n.t, { changed: ['freelyNavigable', 'tenantId', 'companyId', 'externalUuid'] } as never)).toBe(
      'Navigazione libera, Tenant, Azienda, Video',
    );
  });
});
