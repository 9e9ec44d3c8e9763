import type { AnyMachineSnapshot } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import type { QtiImportResult } from '../../../src/domain/quizzes';
import { quizExchangeMachine, type QuizExchangeContext } from '../../../src/machines/quiz-exchange.machine';
import { done, error } from '../paths/graph-paths';
import { defineModel } from '../paths/model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as QuizExchangeContext;

export const exchangeQuizId = 'quiz-1';

/** A package as the file input hands it over. */
export const qtiPackage = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'quiz.zip', { type: 'application/zip' });

export const importReport = {
  quiz: { id: 'quiz-2', title: 'Imported quiz', questionCount: 1 },
  items: [
    { identifier: 'Q-1', href: 'items/Q-1.xml', title: 'Capital', outcome: 'IMPORTED', questionId: 'x1', problems: [] },
    {
      identifier: 'Q-2',
      href: 'items/Q-2.xml',
      title: 'Drawing',
      outcome: 'SKIPPED',
      questionId: null,
      problems: [
        {
          rule: 'unsupportedInteraction',
          message: 'qti-drawing-interaction has no question type here',
          params: { interaction: 'qti-drawing-interaction' },
        },
      ],
    },
  ],
  notes: [],
} as unknown as QtiImportResult;

export const exportRefused: Failure = { kind: 'http', status: 404, message: 'Not found' };
export const importRefused: Failure = { kind: 'http', status: 400, message: 'must be a QTI 3.0 package: no imsmanifest.xml' };

export const quizExchangeModel = defineModel({
  name: 'quiz-exchange',
  summary: "A quiz's QTI 3.0 exchange: the quiz exported as a package, a package imported as a new quiz with what became of each item.",
  machine: quizExchangeMachine,
  bounded: 'A state is its value, whether a report is held and whether the last exchange failed.',
  scenarios: [
    {
      name: 'export',
      serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, failed: context(snapshot).failure !== null }),
      events: [
        ['Export QTI', { type: 'qti.export', quizId: exchangeQuizId }],
        ['export: downloaded', done('exportQti', undefined)],
        ['export: refused', error('exportQti', exportRefused)],
      ],
    },
    {
      name: 'import',
      serializeState: (snapshot) =>
        JSON.stringify({ value: snapshot.value, report: context(snapshot).report !== null, failed: context(snapshot).failure !== null }),
      events: [
        ['Import QTI', { type: 'qti.import', file: qtiPackage }],
        ['import: imported', done('importQti', importReport)],
        ['import: refused', error('importQti', importRefused)],
        ['Close', { type: 'qti.dismiss' }],
      ],
    },
  ],
  requirements: [
    {
      id: 'QTI-EXPORT',
      rule: 'Export QTI downloads the quiz as a QTI 3.0 package; a refusal says why and Export can be used again.',
      by: [
        'quizExchange.idle \u2014qti.export\u2192 quizExchange.exporting',
        'quizExchange.exporting \u2014xstate.done.actor.exportQti\u2192 quizExchange.idle',
        'quizExchange.exporting \u2014xstate.error.actor.exportQti\u2192 quizExchange.idle',
      ],
    },
    {
      id: 'QTI-IMPORT',
      rule: 'Import QTI makes a package a new DRAFT quiz and shows what became of each item until closed; a refused package says why.',
      by: [
        'quizExchange.idle \u2014qti.import\u2192 quizExchange.importing',
        'quizExchange.importing \u2014xstate.done.actor.importQti\u2192 quizExchange.imported',
        'quizExchange.importing \u2014xstate.error.actor.importQti\u2192 quizExchange.idle',
        'quizExchange.imported \u2014qti.dismiss\u2192 quizExchange.idle',
      ],
    },
  ],
  invariants: [
    ['busy exactly while exporting or importing', (s) => s.hasTag('busy') === (s.matches('exporting') || s.matches('importing'))],
    ['a report exactly once imported', (s) => s.matches('imported') === (context(s).report !== null)],
  ],
});
