import type { KyInstance } from 'ky';
import type { QtiImportResult, QuizAnswer, QuizResult } from '../domain/quizzes';
import { attachmentName, type DownloadedFile } from './exports';
import { call, toFailure } from './http';
import { idempotencyHeaders, newIdempotencyKey } from './idempotency';

/** A file's bytes, read first: a request body every fetch takes (a Blob of another realm is not one). */
const bytesOf = (file: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer).slice().buffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });

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
    async importQti(file: Blob, idempotencyKey: string | null = newIdempotencyKey()): Promise<QtiImportResult> {
      const body = await bytesOf(file);
      return call<QtiImportResult>(
        http.post('quizzes/qti', { body, headers: { 'content-type': 'application/zip', ...idempotencyHeaders(idempotencyKey) } }),
      );
    },
  };
}

export type QuizApi = ReturnType<typeof createQuizApi>;
