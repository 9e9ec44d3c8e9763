import { and, eq, max } from 'drizzle-orm';
import type { LearnerAttempt, QuizAnswer } from '../../../contract/quizzes.schemas';
import type { Database } from '../../db/client';
import { constraintViolation } from '../../db/constraint-violation';
import { quizAttempts, quizVersions } from '../../db/schema';
import { conflict, notFound } from '../../http/api-error';
import { invalidFields } from './quizzes.resource';
import { scoreQuiz } from './scoring';

/**
 * Records a learner's attempt at a quiz, scored on the version it was taken on (for the learner endpoints: the route
 * resolves the learner from the xAPI agent and the version and start from the attempt's token, then calls this, in
 * the transaction of its statement if it writes one). Refuses (nothing written): a version that does not exist (404),
 * answers that cannot be a learner's (400, `answers.N…`), an attempt submitted after the version's time limit (409
 * `QUIZ_TIME_UP`), an attempt beyond the attempts allowed (409 `NO_ATTEMPTS_LEFT`).
 *
 * The attempt's `number` is the learner's previous highest plus one, unique per quiz and learner: of attempts sent at
 * once, one takes each number and the others read again, so the limit holds however many arrive together.
 */
export interface AttemptToRecord {
  quizId: string;
  version: number;
  learnerId: string;
  itemId: string | null;
  startedAt: Date;
  answers: QuizAnswer[];
}

/** A submission this long after the time limit still counts: the network's and the browser's delay. */
export const timeLimitGraceSeconds = 30;

export async function recordAttempt(db: Database, attempt: AttemptToRecord, now = new Date()): Promise<LearnerAttempt> {
  const [version] = await db
    .select()
    .from(quizVersions)
    .where(and(eq(quizVersions.quizId, attempt.quizId), eq(quizVersions.version, attempt.version)));
  if (!version) throw notFound('Quiz not found', 'QUIZ_NOT_FOUND');
  const { content } = version;
  const scored = scoreQuiz(content, attempt.answers);
  if (!scored.ok) throw invalidFields(scored.errors);
  if (content.timeLimitMinutes !== null) {
    const deadline = attempt.startedAt.getTime() + (content.timeLimitMinutes * 60 + timeLimitGraceSeconds) * 1000;
    if (now.getTime() > deadline) throw conflict('The time limit of this attempt has passed', 'QUIZ_TIME_UP');
  }
  const { result } = scored;

  for (;;) {
    const [last] = await db
      .select({ number: max(quizAttempts.number) })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, attempt.quizId), eq(quizAttempts.learnerId, attempt.learnerId)));
    const number = (last?.number ?? 0) + 1;
    if (content.attemptsAllowed !== null && number > content.attemptsAllowed) {
      throw conflict(`No attempt is left: the quiz allows ${content.attemptsAllowed}`, 'NO_ATTEMPTS_LEFT', {
        params: { attemptsAllowed: content.attemptsAllowed },
      });
    }
    try {
      // In a transaction of its own, or a savepoint of the caller's: a number taken meanwhile rolls back this insert only.
      const [row] = await db.transaction((tx) =>
        tx
          .insert(quizAttempts)
          .values({
            tenantId: version.tenantId,
            companyId: version.companyId,
            quizId: attempt.quizId,
            quizVersion: attempt.version,
            learnerId: attempt.learnerId,
            itemId: attempt.itemId,
            number,
            startedAt: attempt.startedAt,
            submittedAt: now,
            answers: attempt.answers,
            result,
            score: result.score,
            maxScore: result.maxScore,
            scaled: result.scaled,
            passed: result.passed,
          })
          .returning(),
      );
      return {
        id: row!.id,
        quizId: row!.quizId,
        quizVersion: row!.quizVersion,
        number: row!.number,
        startedAt: row!.startedAt.toISOString(),
        submittedAt: row!.submittedAt.toISOString(),
        result,
      };
    } catch (error) {
      // Another attempt of the learner took this number meanwhile: read the highest again.
      const violation = constraintViolation(error);
      if (violation?.kind !== 'unique' || violation.constraint !== 'quiz_attempts_number_unique') throw error;
    }
  }
}
