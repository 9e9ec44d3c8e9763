import { and, eq, getTableColumns, ilike, inArray, sql } from 'drizzle-orm';
import stringify from 'safe-stable-stringify';
import type { FieldError } from '../../../contract/errors.schemas';
import { Quiz, quizBody, QuizSummary, type Question, type QuizContent } from '../../../contract/quizzes.schemas';
import { quizLimits } from '../../../contract/quiz-limits';
import { companyOwnerOf, owners } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import { qualified } from '../../db/qualified';
import {
  quizTopics,
  quizVersions,
  quizzes,
  topics,
  trainingPlanItems,
  trainingPlanModules,
  trainingPlans,
  type QuizRow,
} from '../../db/schema';
import { ApiError, conflict, invalidField } from '../../http/api-error';
import { defineResource, isoTimestamps, sortColumns } from '../../store/resource';
import { filterProperties } from '../../../contract/list-filters.schemas';
import { checkQuestions } from './question-rules';

interface TopicRef {
  id: string;
  name: string;
}

const quizId = qualified(quizzes.id);
const [topicId, topicName] = [qualified(topics.id), qualified(topics.name)];

/** The quiz's topics, by name, as one JSON array (a correlated subquery on the join table's primary key). */
const topicsOfQuiz = sql<TopicRef[]>`coalesce((
  select json_agg(json_build_object('id', ${topicId}, 'name', ${topicName}) order by ${topicName}, ${topicId})
    from ${quizTopics} join ${topics} on ${topicId} = ${qualified(quizTopics.topicId)}
   where ${qualified(quizTopics.quizId)} = ${quizId}), '[]'::json)`;

const questionCount = sql<number>`jsonb_array_length(${qualified(quizzes.questions)})`;
const totalPoints = sql<number>`(select coalesce(sum((question ->> 'points')::double precision), 0)
  from jsonb_array_elements(${qualified(quizzes.questions)}) as question)`;

const { questions: _questions, ...summaryColumns } = getTableColumns(quizzes);

/** The stored content of a quiz that learners see and are scored against (a version of it: `quiz_versions`). */
export const contentOf = (row: QuizRow): QuizContent => ({
  title: row.title,
  description: row.description,
  passMark: row.passMark,
  attemptsAllowed: row.attemptsAllowed,
  timeLimitMinutes: row.timeLimitMinutes,
  shuffleQuestions: row.shuffleQuestions,
  shuffleAnswers: row.shuffleAnswers,
  showCorrectAnswers: row.showCorrectAnswers,
  questions: row.questions,
});

/** A 400 naming every field at fault. */
export const invalidFields = (errors: FieldError[]) =>
  new ApiError(400, errors.map(({ field, message }) => `${field} ${message}`).join('; '), {}, errors, 'VALIDATION_FAILED');

/**
 * A company's quizzes: title, description, topics, status, settings and questions (checked by `question-rules.ts`).
 * Every create and update stores the quiz's content as a new version (`quiz_versions`) in its transaction. Lists
 * answer the quizzes without their questions. A quiz that a training plan's item uses cannot be deleted.
 */
export const quizzesResource = defineResource({
  entity: 'quiz',
  path: '/quizzes',
  access: { read: ['COMPANY'], write: ['COMPANY'], deletable: true },
  // Bulk delete (issue 29): each row by the one-row delete's rules, a refused one skipped with its reason.
  bulk: { delete: true },
  table: quizzes,
  owner: owners.quizzes,
  schemas: { title: 'Quiz', record: Quiz, listRecord: QuizSummary, body: quizBody, filters: filterProperties('quizzes') },
  rows: (db) =>
    db
      .select({ ...getTableColumns(quizzes), topics: topicsOfQuiz, questionCount, totalPoints })
      .from(quizzes)
      .$dynamic(),
  listRows: (db) =>
    db
      .select({ ...summaryColumns, questions: sql<Question[]>`'[]'::jsonb`, topics: topicsOfQuiz, questionCount, totalPoints })
      .from(quizzes)
      .$dynamic(),
  toRecord: ({ topics: topicRefs, totalPoints: points, ...row }) => ({
    ...isoTimestamps(row),
    topicIds: topicRefs.map((topic) => topic.id),
    topics: topicRefs,
    totalPoints: Math.round(Number(points) * 100) / 100,
  }),
  sorts: sortColumns('quizzes', {
    id: quizzes.id,
    title: quizzes.title,
    status: quizzes.status,
    createdAt: quizzes.createdAt,
    updatedAt: quizzes.updatedAt,
  }),
  search: (pattern, _db, bind) => [ilike(quizzes.title, bind('search', pattern))],
  filter: (_session, query, bind) => (query.status ? eq(quizzes.status, bind('status', query.status)) : undefined),
  values: async ({ session, body, existing }) => {
    const errors: FieldError[] = [];
    let questions = existing?.questions ?? [];
    let questionsChanged = false;
    if (body.questions !== undefined) {
      const checked = checkQuestions(body.questions);
      errors.push(...checked.errors);
      // Compared with their keys sorted: PostgreSQL's jsonb answers an object's keys in an order of its own.
      questionsChanged = stringify(checked.questions) !== stringify(existing?.questions ?? []);
      questions = checked.questions;
    }
    const status = body.status ?? existing?.status ?? 'DRAFT';
    if (status === 'READY' && questions.length === 0) {
      errors.push({
        field: 'status',
        rule: 'needsQuestions',
        message: 'needs at least one question: a READY quiz is one learners can take',
      });
    }
    if (errors.length > 0) throw invalidFields(errors);
    return {
      title: body.title,
      description: body.description,
      status: body.status,
      passMark: body.passMark ?? (existing ? undefined : quizLimits.passMarkDefault),
      attemptsAllowed: body.attemptsAllowed,
      timeLimitMinutes: body.timeLimitMinutes,
      shuffleQuestions: body.shuffleQuestions,
      shuffleAnswers: body.shuffleAnswers,
      showCorrectAnswers: body.showCorrectAnswers,
      ...(questionsChanged && { questions }),
      ...(existing ? { tenantId: existing.tenantId, companyId: existing.companyId } : companyOwnerOf(session)),
    };
  },
  afterWrite: async ({ db, body, row, existing }) => {
    const changed = await writeTopics(db, row, body.topicIds, existing !== undefined);
    await db
      .insert(quizVersions)
      .values({ quizId: row.id, version: row.version, tenantId: row.tenantId, companyId: row.companyId, content: contentOf(row) });
    return changed;
  },
  beforeDelete: async ({ existing, db }) => {
    const plans = await plansUsing(db, existing.id);
    if (plans.length > 0) {
      const names = plans.map((plan) => `"${plan.name}"`).join(', ');
      throw conflict(`The quiz is used by the training plan${plans.length > 1 ? 's' : ''} ${names}`, 'QUIZ_IN_PLANS', {
        params: { plans: names, count: plans.length },
      });
    }
  },
  inUse: { code: 'QUIZ_IN_USE', message: "The quiz is used by a training plan or has learners' attempts" },
});

/** The plans (by name) whose items use the quiz. */
function plansUsing(db: Database, id: string) {
  return db
    .selectDistinct({ name: trainingPlans.name })
    .from(trainingPlanItems)
    .innerJoin(trainingPlanModules, eq(trainingPlanModules.id, trainingPlanItems.moduleId))
    .innerJoin(trainingPlans, eq(trainingPlans.id, trainingPlanModules.trainingPlanId))
    .where(eq(trainingPlanItems.quizId, id))
    .orderBy(trainingPlans.name);
}

/**
 * Makes the quiz's topics the given ones (undefined: unchanged): topics of the quiz's company, locked (KEY SHARE) so
 * that none is deleted before the join rows are written. Answers ['topicIds'] if the set changed.
 */
async function writeTopics(
  db: Database,
  quiz: { id: string; companyId: string },
  topicIds: string[] | undefined,
  existed: boolean,
): Promise<string[]> {
  if (topicIds === undefined) return [];
  const wanted = [...new Set(topicIds)];
  const found = wanted.length
    ? await db
        .select({ id: topics.id })
        .from(topics)
        .where(and(inArray(topics.id, wanted), eq(topics.companyId, quiz.companyId)))
        .for('key share')
    : [];
  if (found.length !== wanted.length) throw invalidField('topicIds', 'notFound', 'not found');

  const current = existed
    ? (await db.select({ id: quizTopics.topicId }).from(quizTopics).where(eq(quizTopics.quizId, quiz.id))).map((row) => row.id)
    : [];
  const removed = current.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !current.includes(id));
  if (removed.length) await db.delete(quizTopics).where(and(eq(quizTopics.quizId, quiz.id), inArray(quizTopics.topicId, removed)));
  if (added.length) await db.insert(quizTopics).values(added.map((id) => ({ quizId: quiz.id, topicId: id })));
  return removed.length || added.length ? ['topicIds'] : [];
}
