import { lazyView } from '../lazy-view';

/** The quizzes' own views' chunk (`route-chunks.ts`: `quizScreens`), fetched by the quizzes' screens alone. */
export const quizScreens = () => import('./quiz-screens');

export const QuizExtras = lazyView(() => quizScreens().then((module) => module.QuizExtras));
export const QtiImportButton = lazyView(() => quizScreens().then((module) => module.QtiImportButton));
