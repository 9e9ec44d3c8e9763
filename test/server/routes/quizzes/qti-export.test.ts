import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Quiz } from '../../../../contract/quizzes.schemas';
import { quizzes } from '../../../../server/db/schema';
import { bearer, demo, useTestApp } from '../../../support/server/harness';
import { manifestNamespace, qtiNamespace, unzip } from '../../../support/server/qti-packages';
import { validateAsi, validateManifest } from '../../../support/server/qti-xsd';
import { createQuiz, quizOfEveryType } from '../../../support/server/quizzes';
import { signedIn, type Api } from '../../../support/server/resources';

/**
 * `GET /api/quizzes/{id}/qti`: the quiz as an IMS QTI 3.0 content package, every file valid against the QTI 3.0 XSDs
 * (test/fixtures/qti3-xsd), each item with its response declaration, correct response and response processing.
 */
const testApp = useTestApp();

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => name.startsWith('qti-') || name === 'p' || name === 'resource',
});
type Xml = Record<string, unknown>;

describe('exporting a quiz as QTI 3.0', () => {
  let api: Api;
  let seeded: Quiz;
  let files: Map<string, string>;
  let answer: Awaited<ReturnType<Api['get']>>;
  beforeAll(async () => {
    api = await signedIn(testApp.app, demo.companyAdmin);
    const [row] = await testApp.db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.title, 'Workshop safety check'));
    seeded = (await api.get(`/api/quizzes/${row!.id}`)).json<Quiz>();
    answer = await testApp.app.inject({ method: 'GET', url: `/api/quizzes/${seeded.id}/qti`, headers: bearer(api.token) });
    files = await unzip(answer.rawPayload);
  });

  const item = (index: number) => parser.parse(files.get(`items/Q-${seeded.questions[index]!.id}.xml`)!)['qti-assessment-item'][0] as Xml;
  const declaration = (index: number) => (item(index)['qti-response-declaration'] as Xml[])[0]!;
  const correctValues = (index: number) =>
    ((declaration(index)['qti-correct-response'] as Xml[])[0]!['qti-value'] as unknown[]).map(String);

  it('answers a zip: the manifest, the test and one item per question', () => {
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="quiz-workshop-safety-check.zip"; filename*=UTF-8''Workshop%20safety%20check.zip`,
    );
    expect([...files.keys()]).toEqual([
      'imsmanifest.xml',
      'assessment-test.xml',
      ...seeded.questions.map((question) => `items/Q-${question.id}.xml`),
    ]);
  });

  it('writes every item and the test valid against the QTI 3.0 ASI schema, and the manifest against its packaging schema', async () => {
    const asi = [...files].filter(([name]) => name !== 'imsmanifest.xml').map(([name, text]) => ({ name, text }));

    expect(await validateAsi(asi)).toEqual({ valid: true, errors: [] });
    expect(await validateManifest(files.get('imsmanifest.xml')!)).toEqual({ valid: true, errors: [] });
  }, 60_000);

  it('proves the validator refuses what QTI 3.0 does not allow', async () => {
    const text = files.get('assessment-test.xml')!;
    const broken = [
      { name: 'unknown-element.xml', text: text.replace('<qti-outcome-processing>', '<qti-outcome-processing><qti-unknown/>') },
      { name: 'qti-2-namespace.xml', text: text.replace(qtiNamespace, 'http://www.imsglobal.org/xsd/imsqti_v2p1') },
    ];

    const outcome = await validateAsi(broken);

    expect(outcome.valid).toBe(false);
    expect(outcome.errors.join('\n')).toMatch(/unknown-element\.xml.*qti-unknown/);
    expect(outcome.errors.join('\n')).toMatch(/qti-2-namespace\.xml/);
  }, 60_000);

  it('puts every file in the QTI 3.0 namespaces and lists each item in the manifest and the test, in order', () => {
    const manifest = parser.parse(files.get('imsmanifest.xml')!).manifest;
    const test = parser.parse(files.get('assessment-test.xml')!)['qti-assessment-test'][0];

    expect(manifest['@xmlns']).toBe(manifestNamespace);
    expect(test['@xmlns']).toBe(qtiNamespace);
    expect(seeded.questions.map((_, index) => item(index)['@xmlns'])).toEqual(seeded.questions.map(() => qtiNamespace));
    expect(manifest.resources.resource.map((resource: Xml) => [resource['@type'], resource['@href']])).toEqual([
      ['imsqti_test_xmlv3p0', 'assessment-test.xml'],
      ...seeded.questions.map((question) => ['imsqti_item_xmlv3p0', `items/Q-${question.id}.xml`]),
    ]);
    const refs = test['qti-test-part'][0]['qti-assessment-section'][0]['qti-assessment-item-ref'];
    expect(refs.map((ref: Xml) => ref['@href'])).toEqual(seeded.questions.map((question) => `items/Q-${question.id}.xml`));
  });

  it('carries the settings QTI has: pass mark, time limit, shuffled answers, correct answers shown, instructions', () => {
    const test = parser.parse(files.get('assessment-test.xml')!)['qti-assessment-test'][0];
    const passMark = test['qti-outcome-declaration'].find((declared: Xml) => declared['@identifier'] === 'PASS_MARK');

    expect(test['@title']).toBe('Workshop safety check');
    expect(passMark['qti-default-value'][0]['qti-value']).toEqual([0.7]);
    expect(test['qti-time-limits'][0]['@max-time']).toBe('900');
    expect(test['qti-test-part'][0]['qti-item-session-control'][0]['@show-solution']).toBe('true');
    expect(test['qti-test-part'][0]['qti-assessment-section'][0]['qti-ordering']).toBeUndefined();
    expect(test['qti-rubric-block'][0]['qti-content-body'][0].p).toEqual([seeded.description]);
    expect((item(0)['qti-item-body'] as Xml[])[0]!['qti-choice-interaction']).toEqual([expect.objectContaining({ '@shuffle': 'true' })]);
  });

  it('declares each response with its correct response, and scores it as the console does', () => {
    const [single, multiple] = seeded.questions as [
      Extract<Quiz['questions'][number], { answers: unknown }>,
      Extract<Quiz['questions'][number], { answers: unknown }>,
    ];
    const answerIdentifiers = (question: typeof single) =>
      question.answers.filter((option) => option.correct).map((option) => `A-${option.id}`);

    expect(declaration(0)).toMatchObject({ '@cardinality': 'single', '@base-type': 'identifier' });
    expect(correctValues(0)).toEqual(answerIdentifiers(single));
    expect(declaration(1)).toMatchObject({ '@cardinality': 'multiple', '@base-type': 'identifier' });
    expect(correctValues(1)).toEqual(answerIdentifiers(multiple));
    // Partial credit: each right answer maps to +points/right answers, each wrong one to minus that, bounded to 0…points.
    const mapping = (declaration(1)['qti-mapping'] as Xml[])[0]!;
    expect(mapping).toMatchObject({ '@lower-bound': '0', '@upper-bound': '3' });
    expect((mapping['qti-map-entry'] as Xml[]).map((entry) => entry['@mapped-value'])).toEqual(['1.5', '1.5', '-1.5']);
    expect(correctValues(2)).toEqual(['TRUE']);
    // Short answer: a text entry, every accepted answer mapped to the points, case-insensitive.
    expect(declaration(3)).toMatchObject({ '@base-type': 'string' });
    expect(
      ((declaration(3)['qti-mapping'] as Xml[])[0]!['qti-map-entry'] as Xml[]).map((entry) => [
        entry['@map-key'],
        entry['@case-sensitive'],
      ]),
    ).toEqual([
      ['Red', 'false'],
      ['Rosso', 'false'],
    ]);
    expect(JSON.stringify(item(3)['qti-item-body'])).toContain('qti-text-entry-interaction');
    // Numeric: a float, compared with qti-equal within an absolute tolerance.
    expect(declaration(4)).toMatchObject({ '@base-type': 'float' });
    expect(correctValues(4)).toEqual(['1.5']);
    expect(files.get(`items/Q-${seeded.questions[4]!.id}.xml`)).toContain('<qti-equal tolerance-mode="absolute" tolerance="0.25 0.25">');
    expect(files.get(`items/Q-${seeded.questions[1]!.id}.xml`)).toContain('<qti-map-response identifier="RESPONSE"/>');
    expect(files.get(`items/Q-${seeded.questions[0]!.id}.xml`)).toMatch(
      /<qti-match>\s*<qti-variable identifier="RESPONSE"\/>\s*<qti-correct identifier="RESPONSE"\/>/,
    );
    expect(
      seeded.questions.map((_, index) => (item(index)['qti-outcome-declaration'] as Xml[]).map((declared) => declared['@identifier'])),
    ).toEqual(seeded.questions.map(() => ['SCORE', 'MAXSCORE', 'FEEDBACK']));
  });

  it('exports the feedback for a right and a wrong answer as modal feedback', () => {
    const feedback = item(0)['qti-modal-feedback'] as Xml[];

    expect(feedback.map((modal) => [modal['@identifier'], (modal['qti-content-body'] as Xml[])[0]!.p])).toEqual([
      ['CORRECT', ['Right: safety glasses, every time.']],
      ['INCORRECT', ['Safety glasses come first, whatever the task.']],
    ]);
  });

  it('writes valid XML from hostile texts: control characters, markup, unicode, and from a quiz without questions', async () => {
    const hostile = await createQuiz(api, {
      ...quizOfEveryType('<script>alert(1)</script> & \u0001\u001f ]]> 🧪'),
      description: 'Line\u000b one\n\n<b>bold</b>',
    });
    const empty = await createQuiz(api, { title: 'Nothing yet' });
    const exported = async (id: string) =>
      unzip((await testApp.app.inject({ method: 'GET', url: `/api/quizzes/${id}/qti`, headers: bearer(api.token) })).rawPayload);
    const [hostileFiles, emptyFiles] = [await exported(hostile.id), await exported(empty.id)];

    const asi = [...hostileFiles, ...[...emptyFiles].map(([name, text]) => [`empty-${name}`, text] as const)]
      .filter(([name]) => !name.endsWith('imsmanifest.xml'))
      .map(([name, text]) => ({ name, text }));
    expect(await validateAsi(asi)).toEqual({ valid: true, errors: [] });
    expect(parser.parse(hostileFiles.get('assessment-test.xml')!)['qti-assessment-test'][0]['@title']).toBe(
      '<script>alert(1)</script> & \ufffd\ufffd ]]> 🧪',
    );
    expect([...emptyFiles.keys()]).toEqual(['imsmanifest.xml', 'assessment-test.xml']);
  }, 60_000);

  it('answers 404 for another company’s quiz or an unknown one', async () => {
    const consulting = await signedIn(testApp.app, demo.consultingAdmin);

    expect((await consulting.get(`/api/quizzes/${seeded.id}/qti`)).statusCode).toBe(404);
    expect((await api.get('/api/quizzes/00000000-0000-4000-8000-000000000000/qti')).statusCode).toBe(404);
  });
});
