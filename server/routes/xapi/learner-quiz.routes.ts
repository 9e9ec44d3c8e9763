import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { activityIdPrefix, itemActivityId } from '../../../contract/activity-ids';
import { errorResponses } from '../../../contract/errors.schemas';
import { LearnerAttempt, LearnerAttemptBody, LearnerQuiz, LearnerQuizQuery } from '../../../contract/quizzes.schemas';
import { IdParams } from '../../../contract/common.schemas';
import type { Database } from '../../db/client';
import { quizAttempts, quizVersions, quizzes, trainingPlanItems, trainingPlanModules, trainingPlans, users } from '../../db/schema';
import { invalidField, notFound } from '../../http/api-error';
import { recordAttempt } from '../quizzes/attempts';
import { learnerQuestions } from '../quizzes/learner-view';
import { nulMessage } from '../../http/validation';
import { agentIdentifier, prepareStatement, StatementError, verbs } from './statements';
import { authenticateLrs, authorityOf, chargeStatements, storeStatements, type LrsCaller } from './xapi.routes';

interface AttemptToken {
  quizId: string;
  version: number;
  learnerId: string;
  startedAt: string;
  seed: string;
}

const quizNotFound = () => notFound('Quiz not found', 'QUIZ_NOT_FOUND');
const tokenContext = (caller: LrsCaller) => `learner-quiz:${caller.companyId}`;

/** The learner an xAPI agent names: a user of the credential's company by `mbox` (any case), else 404. */
async function learnerOf(db: Database, caller: LrsCaller, agentText: string | undefined) {
  if (agentText === undefined) throw invalidField('agent', 'required', 'is required: the learner, as an xAPI Agent');
  let ifi: Record<string, unknown>;
  try {
    ifi = agentIdentifier(agentText);
  } catch (error) {
    if (error instanceof StatementError) throw invalidField('agent', 'format', error.message);
    throw error;
  }
  if (typeof ifi.mbox !== 'string') throw invalidField('agent', 'format', 'must name the learner by mbox');
  const email = ifi.mbox.slice('mailto:'.length).toLowerCase();
  const [learner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, caller.companyId), sql`lower(${users.email}) = ${email}`));
  if (!learner) throw notFound('Learner not found', 'LEARNER_NOT_FOUND');
  return { id: learner.id, mbox: ifi.mbox };
}

/** A READY quiz of the credential's company, else 404. */
async function readyQuiz(db: Database, caller: LrsCaller, id: string) {
  const [quiz] = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(and(eq(quizzes.id, id), eq(quizzes.companyId, caller.companyId), eq(quizzes.status, 'READY')));
  if (!quiz) throw quizNotFound();
  return quiz;
}

const lrsCaller = async (request: FastifyRequest) => {
  await authenticateLrs(request);
  // The learner is named in the query; a POST's body is validated before its query, so a NUL there is refused first.
  const { agent } = (request.query ?? {}) as { agent?: unknown };
  if (typeof agent === 'string' && agent.includes('\u0000')) throw invalidField('agent', 'nul', nulMessage);
};

/**
 * The learner endpoints of quizzes (issue 28 item 4), with the company's LRS credentials (HTTP Basic) and the learner
 * named by an xAPI agent (`?agent=`), as the xAPI document APIs do:
 * - `GET /learner/quizzes/:id`: the quiz's latest version without any answer key (`learner-view.ts`), the attempts
 *   used, and an attempt token sealed with the server's secret box (quiz, version, learner, start, shuffle seed): the
 *   learner app cannot forge another start or version.
 * - `POST /learner/quizzes/:id/attempts`: scores and keeps the attempt on the token's version (`attempts.ts`: limits of
 *   attempts and time), and stores a `passed`/`failed` statement with `result.score.scaled` in the company's LRS, in
 *   the same transaction, whose object is the QUIZ item (`itemId`) when given: it moves the learner's enrolment.
 */
export const learnerQuizRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['xapi'];

  app.get(
    '/:id',
    {
      config: { public: true },
      onRequest: lrsCaller,
      schema: {
        summary: 'A quiz as the learner takes it (no answer key) and the token of a new attempt; LRS credentials',
        tags,
        params: IdParams,
        querystring: LearnerQuizQuery,
        response: { 200: LearnerQuiz, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = request.lrs!;
      const db = request.db;
      const learner = await learnerOf(db, caller, request.query.agent);
      const quiz = await readyQuiz(db, caller, request.params.id);
      const [version] = await db
        .select()
        .from(quizVersions)
        .where(eq(quizVersions.quizId, quiz.id))
        .orderBy(desc(quizVersions.version))
        .limit(1);
      if (!version) throw quizNotFound();
      const [used] = await db
        .select({ total: count() })
        .from(quizAttempts)
        .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.learnerId, learner.id)));
      const startedAt = new Date();
      const token: AttemptToken = {
        quizId: quiz.id,
        version: version.version,
        learnerId: learner.id,
        startedAt: startedAt.toISOString(),
        seed: randomBytes(12).toString('base64url'),
      };
      const { content } = version;
      const box = await app.secretBox();
      return {
        id: quiz.id,
        version: version.version,
        title: content.title,
        description: content.description ?? null,
        passMark: content.passMark,
        attemptsAllowed: content.attemptsAllowed,
        attemptsUsed: used?.total ?? 0,
        timeLimitMinutes: content.timeLimitMinutes,
        showCorrectAnswers: content.showCorrectAnswers,
        attempt: {
          token: box.seal(JSON.stringify(token), tokenContext(caller)),
          startedAt: token.startedAt,
          deadline:
            content.timeLimitMinutes === null ? null : new Date(startedAt.getTime() + content.timeLimitMinutes * 60_000).toISOString(),
        },
        questions: learnerQuestions(content, token.seed),
      };
    },
  );

  app.post(
    '/:id/attempts',
    {
      config: { public: true },
      onRequest: lrsCaller,
      schema: {
        summary: 'Submit an attempt: scored on its version, kept, and recorded as a passed/failed xAPI statement; LRS credentials',
        tags,
        params: IdParams,
        querystring: LearnerQuizQuery,
        body: LearnerAttemptBody,
        response: { 201: LearnerAttempt, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = request.lrs!;
      const db = request.db;
      const learner = await learnerOf(db, caller, request.query.agent);
      const quiz = await readyQuiz(db, caller, request.params.id);
      let token: AttemptToken;
      try {
        const box = await app.secretBox();
        token = JSON.parse(box.open(request.body.attemptToken, tokenContext(caller))) as AttemptToken;
      } catch {
        throw invalidField('attemptToken', 'invalid', 'is not a token of this quiz');
      }
      if (token.quizId !== quiz.id || token.learnerId !== learner.id) {
        throw invalidField('attemptToken', 'invalid', 'is not a token of this quiz and learner');
      }
      const { itemId } = request.body;
      if (itemId !== undefined) {
        const [item] = await db
          .select({ id: trainingPlanItems.id })
          .from(trainingPlanItems)
          .innerJoin(trainingPlanModules, eq(trainingPlanModules.id, trainingPlanItems.moduleId))
          .innerJoin(trainingPlans, eq(trainingPlans.id, trainingPlanModules.trainingPlanId))
          .where(
            and(eq(trainingPlanItems.id, itemId), eq(trainingPlanItems.quizId, quiz.id), eq(trainingPlans.companyId, caller.companyId)),
          );
        if (!item) throw invalidField('itemId', 'notFound', 'is not a QUIZ item of this quiz');
      }
      await chargeStatements(request, caller, 1);
      const attempt = await db.transaction(async (tx) => {
        const recorded = await recordAttempt(tx, {
          quizId: quiz.id,
          version: token.version,
          learnerId: learner.id,
          itemId: itemId ?? null,
          startedAt: new Date(token.startedAt),
          answers: request.body.answers,
        });
        const { result } = recorded;
        const now = new Date();
        const statement = prepareStatement(
          {
            id: randomUUID(),
            actor: { objectType: 'Agent', mbox: learner.mbox },
            verb: { id: result.passed ? verbs.passed : verbs.failed, display: { 'en-US': result.passed ? 'passed' : 'failed' } },
            object: { objectType: 'Activity', id: itemId ? itemActivityId(itemId) : `${activityIdPrefix}quiz/${quiz.id}` },
            result: {
              success: result.passed,
              completion: true,
              score: { scaled: result.scaled, raw: result.score, min: 0, max: result.maxScore },
            },
            timestamp: recorded.submittedAt,
          },
          now,
          authorityOf(caller),
        );
        await storeStatements(tx, caller, [statement]);
        return recorded;
      });
      return reply.code(201).send(attempt);
    },
  );
};
