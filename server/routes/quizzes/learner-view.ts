import { createHash } from 'node:crypto';
import type { LearnerQuestion, QuizContent } from '../../../contract/quizzes.schemas';

/**
 * A quiz version as a learner gets it (`GET /api/learner/quizzes/{id}`): each question's type, text, points and, for a
 * choice question, its answers' ids and texts. Never a `correct` flag, an accepted answer, a value, a tolerance, a
 * scoring rule or a feedback: those stay on the server, which scores the attempt (`scoring.ts`).
 *
 * Shuffling (when the quiz says so) is drawn from `seed` (the attempt's), so the same attempt always shows the same
 * order and two attempts show different ones.
 */
export function learnerQuestions(content: QuizContent, seed: string): LearnerQuestion[] {
  const questions = content.shuffleQuestions ? seededOrder(content.questions, `${seed}:questions`) : content.questions;
  return questions.map((question): LearnerQuestion => {
    const shown = { id: question.id, type: question.type, text: question.text, points: question.points };
    if (question.type !== 'SINGLE_CHOICE' && question.type !== 'MULTIPLE_CHOICE') return shown;
    const answers = content.shuffleAnswers ? seededOrder(question.answers, `${seed}:${question.id}`) : question.answers;
    return { ...shown, answers: answers.map((answer) => ({ id: answer.id, text: answer.text })) };
  });
}

/** The items ordered by a hash of the seed and each id: the same seed, the same order. */
export function seededOrder<Item extends { id: string }>(items: readonly Item[], seed: string): Item[] {
  const rank = new Map(items.map((item) => [item.id, createHash('sha256').update(`${seed}\u0000${item.id}`).digest('hex')]));
  return [...items].sort((a, b) => (rank.get(a.id)! < rank.get(b.id)! ? -1 : 1));
}
