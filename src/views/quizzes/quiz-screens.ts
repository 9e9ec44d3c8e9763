/**
 * The quizzes' own views, one chunk (`route-chunks.ts`: `quizScreens`) that only the quizzes' screens fetch: a quiz's
 * questions' preview and QTI export below its form, and the QTI import of the list.
 */
export { QuizExtras } from './QuizExtras';
export { QtiImportButton } from './QtiExchange';
