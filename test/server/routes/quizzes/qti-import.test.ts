import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QtiImportResult, Quiz } from '../../../../contract/quizzes.schemas';
import { auditLog, quizVersions, quizzes } from '../../../../server/db/schema';
import { bearer, demo, useTestApp } from '../../../support/server/harness';
import { importQti, manifestNamespace, manifestOf, qtiNamespace, rawZip, unzip, zip } from '../../../support/server/qti-packages';
import { createQuiz, preview, quizOfEveryType, rightAnswers } from '../../../support/server/quizzes';
import { signedIn, type Api } from '../../../support/server/resources';

/**
 * `POST /api/quizzes/qti`: a QTI 3.0 package imported as a new DRAFT quiz, what could not come in reported per item;
 * a hostile package refused whole (400) with nothing written.
 */
const testApp = useTestApp();

const item = (identifier: string, body: string, declarations = '', processing = '', extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="${qtiNamespace}" identifier="${identifier}" title="${identifier} title" adaptive="false" time-dependent="false">
${declarations}<qti-item-body>${body}</qti-item-body>${processing}${extra}</qti-assessment-item>`;
const maxScore = (points: number) =>
  `<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>${points}</qti-value></qti-default-value></qti-outcome-declaration>`;
const trueFalseItem = (identifier: string) =>
  item(
    identifier,
    '<p>Is it?</p><qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-simple-choice identifier="TRUE">Yes</qti-simple-choice><qti-simple-choice identifier="FALSE">No</qti-simple-choice></qti-choice-interaction>',
    '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>TRUE</qti-value></qti-correct-response></qti-response-declaration>',
  );
const packageOf = (files: Record<string, string | Buffer>, items = Object.keys(files).filter((name) => name.startsWith('items/'))) =>
  zip({ 'imsmanifest.xml': manifestOf(items.map((href, index) => ({ identifier: `I${index}`, href }))), ...files });

describe('importing a QTI 3.0 package', () => {
  let api: Api;
  let seeded: Quiz;
  const exportOf = async (id: string) =>
    (await testApp.app.inject({ method: 'GET', url: `/api/quizzes/${id}/qti`, headers: bearer(api.token) })).rawPayload;
  const imported = async (body: Buffer) => {
    const response = await importQti(testApp.app, api.token, body);
    if (response.statusCode !== 201) throw new Error(`import refused: ${response.statusCode} ${response.body}`);
    return response.json<QtiImportResult>();
  };
  beforeAll(async () => {
    api = await signedIn(testApp.app, demo.companyAdmin);
    const [row] = await testApp.db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.title, 'Workshop safety check'));
    seeded = (await api.get(`/api/quizzes/${row!.id}`)).json<Quiz>();
  });

  describe('a round trip: export, import, the same quiz', () => {
    it.each([
      ['the seeded quiz', () => seeded],
      ['a quiz of every type, multi-line texts and shuffled questions', () => createQuiz(api, quizOfEveryType('Round trip'))],
    ])('imports %s back with the same questions and settings, every item IMPORTED', async (_label, source) => {
      const original = await source();

      const result = await imported(await exportOf(original.id));

      expect(result.items.map((report) => [report.outcome, report.questionId, report.problems])).toEqual(
        original.questions.map((question) => ['IMPORTED', question.id, []]),
      );
      expect(result.notes).toEqual([]);
      const pick = ({
        title,
        description,
        passMark,
        timeLimitMinutes,
        shuffleQuestions,
        shuffleAnswers,
        showCorrectAnswers,
        questions,
      }: Quiz) => ({
        title,
        description,
        passMark,
        timeLimitMinutes,
        shuffleQuestions,
        shuffleAnswers,
        showCorrectAnswers,
        questions,
      });
      expect(pick(result.quiz)).toEqual(pick(original));
      expect(result.quiz).toMatchObject({ status: 'DRAFT', version: 1, attemptsAllowed: null, topicIds: [] });
      expect(result.quiz.id).not.toBe(original.id);
    });

    it('scores the imported quiz exactly as the original: right, partial, wrong and unanswered', async () => {
      const copy = (await imported(await exportOf(seeded.id))).quiz;
      const [single, multiple, trueFalse, , numeric] = seeded.questions;
      const firstChoice = (question: typeof single) =>
        question!.type === 'MULTIPLE_CHOICE' || question!.type === 'SINGLE_CHOICE' ? question!.answers[0]!.id : '';
      const variants = [
        rightAnswers(seeded),
        [],
        [
          { questionId: multiple!.id, answerIds: [firstChoice(multiple)] },
          { questionId: numeric!.id, number: 1.76 },
        ],
        [
          { questionId: single!.id, answerIds: [firstChoice(single)] },
          { questionId: trueFalse!.id, value: false },
          { questionId: numeric!.id, number: 1.75 },
        ],
      ];

      for (const answers of variants) expect(await preview(api, copy.id, answers)).toEqual(await preview(api, seeded.id, answers));
    });

    it('makes the quiz in the importer’s company, whatever ids of another company’s quiz the package reuses', async () => {
      const consulting = await signedIn(testApp.app, demo.consultingAdmin);
      const before = (await testApp.db.select().from(quizzes).where(eq(quizzes.id, seeded.id)))[0];

      const response = await importQti(testApp.app, consulting.token, await exportOf(seeded.id));

      expect(response.statusCode).toBe(201);
      const copy = response.json<QtiImportResult>().quiz;
      expect(copy.companyId).not.toBe(seeded.companyId);
      expect((await testApp.db.select().from(quizzes).where(eq(quizzes.id, seeded.id)))[0]).toEqual(before);
      expect((await api.get(`/api/quizzes/${copy.id}`)).statusCode).toBe(404);
    });
  });

  describe('another tool’s package', () => {
    let result: QtiImportResult;
    beforeAll(async () => {
      const files = {
        // A prefixed namespace, a prompt in the interaction, an image, the match_correct template, no MAXSCORE.
        'items/prefixed.xml': `<?xml version="1.0" encoding="UTF-8"?>
<qti:qti-assessment-item xmlns:qti="${qtiNamespace}" identifier="prefixed" title="Prefixed" adaptive="false" time-dependent="false">
  <qti:qti-response-declaration identifier="R" cardinality="single" base-type="identifier">
    <qti:qti-correct-response><qti:qti-value>b</qti:qti-value></qti:qti-correct-response>
  </qti:qti-response-declaration>
  <qti:qti-item-body>
    <qti:p>Look at the <qti:em>picture</qti:em>: <qti:img src="images/a.png" alt="a robot"/></qti:p>
    <qti:qti-choice-interaction response-identifier="R" max-choices="1" shuffle="true">
      <qti:qti-prompt>Which one is it?</qti:qti-prompt>
      <qti:qti-simple-choice identifier="a">A <qti:strong>welder</qti:strong></qti:qti-simple-choice>
      <qti:qti-simple-choice identifier="b">A painter &amp; decorator</qti:qti-simple-choice>
    </qti:qti-choice-interaction>
  </qti:qti-item-body>
  <qti:qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>
</qti:qti-assessment-item>`,
        // A text entry in a sentence, accepted answers in a case-sensitive mapping, feedback the console has no place for.
        'items/inline.xml': item(
          'inline',
          '<p>The capital of Italy is <qti-text-entry-interaction response-identifier="RESPONSE"/>.</p>',
          `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string"><qti-correct-response><qti-value>Rome</qti-value></qti-correct-response>
           <qti-mapping default-value="0"><qti-map-entry map-key="Rome" mapped-value="2" case-sensitive="true"/><qti-map-entry map-key="Roma" mapped-value="2" case-sensitive="true"/></qti-mapping></qti-response-declaration>${maxScore(2)}`,
          '',
          '<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="HINT" show-hide="show"><qti-content-body><p>Think of the Colosseum.</p></qti-content-body></qti-modal-feedback>',
        ),
        'items/order.xml': item(
          'order',
          '<qti-order-interaction response-identifier="RESPONSE"><qti-simple-choice identifier="a">1</qti-simple-choice><qti-simple-choice identifier="b">2</qti-simple-choice></qti-order-interaction>',
          '<qti-response-declaration identifier="RESPONSE" cardinality="ordered" base-type="identifier"/>',
        ),
        // Partial credit where wrong answers take nothing away: the console's rule differs.
        'items/partial.xml': item(
          'partial',
          '<p>Pick the primes.</p><qti-choice-interaction response-identifier="RESPONSE" max-choices="0"><qti-simple-choice identifier="two">2</qti-simple-choice><qti-simple-choice identifier="three">3</qti-simple-choice><qti-simple-choice identifier="four">4</qti-simple-choice></qti-choice-interaction>',
          `<qti-response-declaration identifier="RESPONSE" cardinality="multiple" base-type="identifier"><qti-correct-response><qti-value>two</qti-value><qti-value>three</qti-value></qti-correct-response>
           <qti-mapping lower-bound="0" upper-bound="4"><qti-map-entry map-key="two" mapped-value="2"/><qti-map-entry map-key="three" mapped-value="2"/></qti-mapping></qti-response-declaration>${maxScore(4)}`,
        ),
        // A relative tolerance of 10%.
        'items/numeric.xml': item(
          'numeric',
          '<p>Half of a hundred?</p><div><qti-text-entry-interaction response-identifier="RESPONSE"/></div>',
          `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="float"><qti-correct-response><qti-value>50</qti-value></qti-correct-response></qti-response-declaration>${maxScore(1)}`,
          '<qti-response-processing><qti-response-condition><qti-response-if><qti-equal tolerance-mode="relative" tolerance="10 10"><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-equal></qti-response-if></qti-response-condition></qti-response-processing>',
        ),
        // A single answer: not a question that can be scored.
        'items/lonely.xml': item(
          'lonely',
          '<p>Only one?</p><qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-simple-choice identifier="a">Yes</qti-simple-choice></qti-choice-interaction>',
          '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>a</qti-value></qti-correct-response></qti-response-declaration>',
        ),
        // A character reference XML 1.0 does not allow: it never reaches the database.
        'items/control.xml': item(
          'control',
          '<p>Control &#1; characters&#0;</p><qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-simple-choice identifier="TRUE">Yes</qti-simple-choice><qti-simple-choice identifier="FALSE">No</qti-simple-choice></qti-choice-interaction>',
          `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>FALSE</qti-value></qti-correct-response></qti-response-declaration>${maxScore(1)}`,
        ),
        'images/a.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      };
      result = await imported(
        await zip({
          'imsmanifest.xml': manifestOf(
            ['prefixed', 'inline', 'order', 'partial', 'missing', 'numeric', 'lonely', 'control'].map((name) => ({
              identifier: name,
              href: `items/${name}.xml`,
            })),
          ),
          ...files,
        }),
      );
    });

    const report = (identifier: string) => result.items.find((entry) => entry.identifier === identifier)!;
    const question = (identifier: string) => result.quiz.questions.find((entry) => entry.id === report(identifier).questionId);
    const rules = (identifier: string) => report(identifier).problems.map((entry) => entry.rule);

    it('reports every item, in the manifest’s order: imported, imported with changes (which), or skipped (why)', () => {
      expect(result.items.map((entry) => [entry.identifier, entry.outcome])).toEqual([
        ['prefixed', 'IMPORTED_WITH_CHANGES'],
        ['inline', 'IMPORTED_WITH_CHANGES'],
        ['order', 'SKIPPED'],
        ['partial', 'IMPORTED_WITH_CHANGES'],
        ['missing', 'SKIPPED'],
        ['numeric', 'IMPORTED_WITH_CHANGES'],
        ['lonely', 'SKIPPED'],
        ['control', 'IMPORTED'],
      ]);
      expect(rules('prefixed')).toEqual(['pointsDefaulted', 'contentSimplified']);
      expect(rules('inline')).toEqual(['feedbackNotImported', 'caseInsensitive']);
      expect(rules('order')).toEqual(['unsupportedInteraction']);
      expect(report('order').problems[0]!.params).toEqual({ interaction: 'qti-order-interaction' });
      expect(rules('partial')).toEqual(['partialCreditChanged']);
      expect(rules('missing')).toEqual(['fileMissing']);
      expect(rules('numeric')).toEqual(['toleranceChanged']);
      expect(rules('lonely')).toEqual(['pointsDefaulted', 'invalidQuestion']);
      expect(report('lonely').problems[1]!.message).toBe('answers needs at least two answers');
      expect(result.items.filter((entry) => entry.outcome === 'SKIPPED').map((entry) => entry.questionId)).toEqual([null, null, null]);
      expect(result.notes.map((note) => note.rule)).toEqual(['shuffleAnswersMixed', 'titleMissing']);
    });

    it('makes a DRAFT quiz of what came in, read as the console’s question types', () => {
      expect(result.quiz).toMatchObject({ title: 'Imported quiz', status: 'DRAFT', questionCount: 5, shuffleAnswers: true });
      expect(question('prefixed')).toMatchObject({
        type: 'SINGLE_CHOICE',
        text: 'Look at the picture:\nWhich one is it?',
        points: 1,
        answers: [
          { text: 'A welder', correct: false },
          { text: 'A painter & decorator', correct: true },
        ],
      });
      expect(question('inline')).toMatchObject({
        type: 'SHORT_ANSWER',
        text: 'The capital of Italy is ____.',
        points: 2,
        acceptedAnswers: ['Rome', 'Roma'],
      });
      expect(question('partial')).toMatchObject({ type: 'MULTIPLE_CHOICE', scoring: 'PARTIAL', points: 4 });
      expect(question('numeric')).toMatchObject({ type: 'NUMERIC', value: 50, tolerance: 5 });
      expect(question('control')).toMatchObject({ type: 'TRUE_FALSE', text: 'Control characters', correctAnswer: false });
    });
  });

  describe('refusing a package that is not one, writing nothing', () => {
    const snapshot = async () => ({
      quizzes: await testApp.db.select({ rows: count() }).from(quizzes),
      versions: await testApp.db.select({ rows: count() }).from(quizVersions),
      audit: await testApp.db.select({ rows: count() }).from(auditLog),
    });
    const manifest = manifestOf([{ identifier: 'Q', href: 'items/q.xml' }]);
    const nested = (depth: number) => `${'<p>'.repeat(depth)}deep${'</p>'.repeat(depth)}`;

    it.each<[string, () => Buffer | Promise<Buffer>, string]>([
      ['not a zip', () => Buffer.from('just some text'), 'QTI_NOT_A_ZIP'],
      ['a truncated zip', async () => (await packageOf({ 'items/q.xml': trueFalseItem('Q') })).subarray(0, 60), 'QTI_NOT_A_ZIP'],
      ['an entry named ../evil.xml (path traversal)', () => rawZip('../evil.xml', Buffer.from('<a/>')), 'QTI_UNSAFE_PATH'],
      ['an entry with an absolute name', () => rawZip('/etc/passwd.xml', Buffer.from('<a/>')), 'QTI_UNSAFE_PATH'],
      ['an entry with a backslash', () => rawZip('items\\..\\q.xml', Buffer.from('<a/>')), 'QTI_UNSAFE_PATH'],
      ['an entry named with a dot segment', () => rawZip('items/./q.xml', Buffer.from('<a/>')), 'QTI_UNSAFE_PATH'],
      [
        'a manifest pointing outside the package',
        () => zip({ 'imsmanifest.xml': manifestOf([{ identifier: 'Q', href: '../../q.xml' }]) }),
        'QTI_UNSAFE_PATH',
      ],
      [
        'a zip bomb: an XML file inflating past 5 MiB',
        () => rawZip('imsmanifest.xml', Buffer.alloc(6 * 1024 * 1024, 0x20)),
        'QTI_TOO_LARGE',
      ],
      ['a zip bomb lying about its size', () => rawZip('imsmanifest.xml', Buffer.alloc(6 * 1024 * 1024, 0x20), 1024), 'QTI_TOO_LARGE'],
      [
        'XML files adding up past 50 MiB',
        () =>
          zip(Object.fromEntries(Array.from({ length: 11 }, (_, n) => [`items/big${n}.xml`, Buffer.alloc(5 * 1024 * 1024 - 16, 0x20)]))),
        'QTI_TOO_LARGE',
      ],
      ['2001 files', () => zip(Object.fromEntries(Array.from({ length: 2001 }, (_, n) => [`images/${n}.png`, 'x']))), 'QTI_TOO_LARGE'],
      ['no manifest', () => zip({ 'items/q.xml': trueFalseItem('Q') }), 'QTI_NO_MANIFEST'],
      ['a manifest listing no item', () => zip({ 'imsmanifest.xml': manifestOf([]) }), 'QTI_NO_ITEMS'],
      [
        'malformed XML',
        () => zip({ 'imsmanifest.xml': manifest, 'items/q.xml': '<qti-assessment-item><p></qti-assessment-item>' }),
        'QTI_INVALID_XML',
      ],
      [
        'an XXE entity',
        () =>
          zip({
            'imsmanifest.xml': manifest,
            'items/q.xml': `<?xml version="1.0"?><!DOCTYPE q [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${trueFalseItem('Q').replace('Is it?', '&xxe;').replace('<?xml version="1.0" encoding="UTF-8"?>', '')}`,
          }),
        'QTI_DTD_NOT_ALLOWED',
      ],
      [
        'a billion laughs',
        () =>
          zip({
            'imsmanifest.xml': `<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><manifest xmlns="${manifestNamespace}">&c;</manifest>`,
          }),
        'QTI_DTD_NOT_ALLOWED',
      ],
      [
        'a QTI 2.1 package',
        () =>
          zip({
            'imsmanifest.xml': '<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="M"><resources/></manifest>',
          }),
        'QTI_NOT_QTI3',
      ],
      [
        'QTI 2.1 items in a QTI 3.0 manifest',
        () =>
          zip({
            'imsmanifest.xml': manifestOf([]).replace(
              '<resources>',
              '<resources><resource identifier="Q" type="imsqti_item_xmlv2p1" href="q.xml"><file href="q.xml"/></resource>',
            ),
          }),
        'QTI_NOT_QTI3',
      ],
      [
        'an item in the QTI 2.1 namespace',
        () =>
          zip({
            'imsmanifest.xml': manifest,
            'items/q.xml': trueFalseItem('Q').replace(qtiNamespace, 'http://www.imsglobal.org/xsd/imsqti_v2p1'),
          }),
        'QTI_NOT_QTI3',
      ],
      [
        'an item in no namespace',
        () => zip({ 'imsmanifest.xml': manifest, 'items/q.xml': trueFalseItem('Q').replace(` xmlns="${qtiNamespace}"`, '') }),
        'QTI_NOT_QTI3',
      ],
      [
        'an item encoded in UTF-16',
        () => zip({ 'imsmanifest.xml': manifest, 'items/q.xml': trueFalseItem('Q').replace('encoding="UTF-8"', 'encoding="UTF-16"') }),
        'QTI_INVALID_XML',
      ],
      [
        'an item nested 10 000 elements deep',
        () => zip({ 'imsmanifest.xml': manifest, 'items/q.xml': item('Q', nested(10_000)) }),
        'QTI_TOO_LARGE',
      ],
      [
        'a file twice',
        async () => {
          const once = await zip({ 'imsmanifest.xml': manifest, 'items/q.xml': trueFalseItem('Q'), 'items/r.xml': trueFalseItem('Q') });
          return Buffer.from(once.toString('latin1').replaceAll('items/r.xml', 'items/q.xml'), 'latin1');
        },
        'QTI_DUPLICATE_FILE',
      ],
      ['nothing that can be imported', () => packageOf({ 'items/q.xml': item('Q', '<p>No question here</p>') }), 'QTI_NOTHING_TO_IMPORT'],
    ])(
      'refuses %s: 400 with its code',
      async (_label, build, code) => {
        const body = await build();
        const before = await snapshot();

        const response = await importQti(testApp.app, api.token, body);

        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().code).toBe(code);
        expect(response.json().errors.length).toBeGreaterThan(0);
        expect(await snapshot()).toEqual(before);
      },
      120_000,
    );

    it('names each item that could not be imported when none could', async () => {
      const response = await importQti(
        testApp.app,
        api.token,
        await packageOf({
          'items/a.xml': item('A', '<p>Nothing</p>'),
          'items/b.xml': item('B', '<qti-slider-interaction response-identifier="R"/>'),
        }),
      );

      expect(response.json().errors).toEqual([
        { field: 'items.0', rule: 'noInteraction', message: 'items/a.xml: The item asks nothing: it has no interaction' },
        { field: 'items.1', rule: 'unsupportedInteraction', message: 'items/b.xml: qti-slider-interaction has no question type here' },
      ]);
    });

    it.each([
      ['no body', 400, undefined, 'application/zip'],
      ['a JSON body', 400, JSON.stringify({ quiz: 'x' }), 'application/json'],
      ['a text body', 415, 'hello', 'text/plain'],
      ['a body over 20 MiB', 413, Buffer.alloc(20 * 1024 * 1024 + 1), 'application/zip'],
    ])('answers %s with %i', async (_label, status, body, contentType) => {
      const before = await snapshot();

      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/quizzes/qti',
        headers: { ...bearer(api.token), 'content-type': contentType },
        ...(body === undefined ? {} : { payload: body }),
      });

      expect(response.statusCode).toBe(status);
      expect(await snapshot()).toEqual(before);
    });

    it('takes a zip sent as application/x-zip-compressed (Windows browsers)', async () => {
      const response = await importQti(
        testApp.app,
        api.token,
        await packageOf({ 'items/q.xml': trueFalseItem('Q') }),
        'application/x-zip-compressed',
      );

      expect(response.statusCode).toBe(201);
      expect(await unzip(await exportOf(response.json<QtiImportResult>().quiz.id))).toBeInstanceOf(Map);
    });
  });
});
