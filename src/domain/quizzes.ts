import type * as quizzes from '../../contract/quizzes.schemas';

/** A company's quizzes, which QUIZ items of its plans point at (docs/server-guide.md, "Quizzes"). */
export { multipleChoiceScorings, questionTypes, quizStatuses } from '../../contract/values';
export type { MultipleChoiceScoring, QuestionType, QuizStatus } from '../../contract/values';
export { quizLimits } from '../../contract/quiz-limits';

/** A quiz as its page reads it (lists answer it without questions: `questionCount`, `totalPoints`). */
export type Quiz = quizzes.Quiz;
export type QuizSummary = quizzes.QuizSummary;
export type Question = quizzes.Question;
export type QuestionBody = quizzes.QuestionBody;
export type QuizAnswer = quizzes.QuizAnswer;
export type QuizResult = quizzes.QuizResult;
export type QtiImportResult = quizzes.QtiImportResult;
export type QtiImportProblem = quizzes.QtiImportProblem;
