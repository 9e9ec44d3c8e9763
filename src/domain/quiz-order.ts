import type { Question, Quiz } from './quizzes';

/**
 * The order a learner meets a quiz's questions and answers in: as authored, or shuffled when the quiz says so
 * (`shuffleQuestions`, `shuffleAnswers`). The shuffle is drawn from a seed, as the server draws a learner's from the
 * attempt's (`server/routes/quizzes/learner-view.ts`): the same seed, the same order, so the preview keeps its order
 * while it is open and a new preview shows another.
 */
export function shownOrder(quiz: Pick<Quiz, 'questions' | 'shuffleQuestions' | 'shuffleAnswers'>, seed: string): Question[] {
  const questions = quiz.shuffleQuestions ? seededOrder(quiz.questions, `${seed}:questions`) : quiz.questions;
  return questions.map((question) =>
    quiz.shuffleAnswers && 'answers' in question
      ? { ...question, answers: seededOrder(question.answers, `${seed}:${question.id}`) }
      : question,
  );
}

/** A new preview's seed (not a secret: it only orders what the admin already sees). */
export const newPreviewSeed = () => Math.random().toString(36).slice(2);

/** The items ordered by a hash of the seed and each id (ties keep their order): the same seed, the same order. */
function seededOrder<Item extends { id: string }>(items: readonly Item[], seed: string): Item[] {
  const rank = new Map(items.map((item) => [item.id, hash(`${seed}\u0000${item.id}`)]));
  return [...items].sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
}

/** cyrb53: a fast, well-spread 53-bit string hash (public domain), enough to order a few hundred items. */
function hash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
