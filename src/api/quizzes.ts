import type { KyInstance } from 'ky';
import type { QtiImportResult, QuizAnswer, QuizResult } from '../domain/quizzes';
import { attachmentName, type DownloadedFile } from './exports';
import { call, toFailure } from './http';
import { idempotencyHeaders } from './idempotency';

/** What a quiz does beyond its record (docs/server-guide.md, "Quizzes"): the preview and the QTI 3.0 exchange. */
export function createQuizApi(http: KyInstance) {
  return {
    /** `POST /quizzes/{id}/preview`: the answers scored as a learner's attempt would be, nothing recorded. */
    preview: (id: string, answers: QuizAnswer[]) =>
      call<QuizResult>(http.post(`quizzes/${encodeURIComponent(id)}/preview`, { json: { answers } })),
    /** `GET /quizzes/{id}/qti`: the quiz as a QTI 3.0 package (zip). */
    async exportQti(id: string): Promise<DownloadedFile> {
      try {
        const response = await http.get(`quizzes/${encodeURIComponent(id)}/qti`, { headers: { accept: 'application/zip' } });
        return { blob: await response.blob(), fileName: attachmentName(response.headers.get('content-disposition'), 'quiz-qti.zip') };
      } catch (error) {
        throw await toFailure(error);
      }
    },
    /** `POST /quizzes/qti`: a package imported as a new DRAFT quiz, with what became of each of its items. */
    importQti: (file: Blob, idempotencyKey?: string | null) =>
      call<QtiImportResult>(
        http.post('quizzes/qti', { body: file, headers: { 'content-type': 'application/zip', ...idempotencyHeaders(idempotencyKey) } }),
      ),
  };
}

export type QuizApi = ReturnType<typeof createQuizApi>;
