import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { Question, QuizContent } from '../../../../contract/quizzes.schemas';
import { writePackage } from './qti-package';

/*
 * A quiz as an IMS QTI 3.0 content package: `imsmanifest.xml`, one `qti-assessment-item` per question
 * (`items/Q-{questionId}.xml`) and the `qti-assessment-test` (`assessment-test.xml`), every file in the QTI 3.0
 * namespaces (validated against the QTI 3.0 XSDs in test/server/routes/quizzes/qti-xsd.test.ts).
 *
 * Each item declares RESPONSE (with its correct response, and a mapping where answers score by it), SCORE (points
 * earned), MAXSCORE (the question's points) and FEEDBACK, and processes the response inline, as QTI's templates do,
 * setting FEEDBACK too so that the question's feedback shows (qti-modal-feedback CORRECT / INCORRECT):
 * - match_correct: single choice, true/false (a choice of TRUE and FALSE), multiple choice all-or-nothing;
 * - map_response: multiple choice with partial credit (each right answer +points/right answers, each wrong one −that,
 *   bounded to 0…points), short answer (every accepted answer mapped to the points, case-insensitive);
 * - qti-equal with an absolute tolerance (exact without one): numeric.
 * The test sums SCORE and MAXSCORE, and sets PASS from PASS_MARK (the pass mark as a share); its settings go where QTI
 * has them: qti-ordering shuffle (questions), shuffle on the choice interactions (answers), qti-time-limits,
 * show-solution (correct answers after submission). Attempts allowed has no place in QTI 3.0 and is not exported.
 */
export const qtiNamespace = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
export const manifestNamespace = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';
const xsiNamespace = 'http://www.w3.org/2001/XMLSchema-instance';
const asiSchemaLocation = `${qtiNamespace} https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd`;
const manifestSchemaLocation = `${manifestNamespace} https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd`;

export const itemResourceType = 'imsqti_item_xmlv3p0';
export const testResourceType = 'imsqti_test_xmlv3p0';
export const testFile = 'assessment-test.xml';

export const questionIdentifier = (id: string) => `Q-${id}`;
export const answerIdentifier = (id: string) => `A-${id}`;
const itemFile = (id: string) => `items/${questionIdentifier(id)}.xml`;

export interface QuizToExport extends QuizContent {
  id: string;
}

export async function exportQuiz(quiz: QuizToExport): Promise<Buffer> {
  return writePackage([
    { path: 'imsmanifest.xml', text: manifest(quiz) },
    { path: testFile, text: assessmentTest(quiz) },
    ...quiz.questions.map((question) => ({ path: itemFile(question.id), text: assessmentItem(question, quiz) })),
  ]);
}

/** XML 1.0 cannot hold control characters nor unpaired surrogates: they become U+FFFD. */
const xmlText = (text: string) => text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD');
const number = (value: number) => String(value);
const document = (namespace: string, name: string, schemaLocation: string, attributes: Record<string, string>) =>
  create({ version: '1.0', encoding: 'UTF-8' })
    .ele(namespace, name)
    .att(xsiNamespace, 'xsi:schemaLocation', schemaLocation)
    .att(Object.fromEntries(Object.entries(attributes).map(([key, value]) => [key, xmlText(value)])));
const serialise = (root: XMLBuilder) => root.end({ prettyPrint: true });

/** One `p` per line of a text (an empty line an empty `p`), which the import reads back line by line. */
function paragraphs(parent: XMLBuilder, text: string) {
  for (const line of text.split(/\r\n|\r|\n/)) parent.ele('p').txt(xmlText(line));
}

function value(parent: XMLBuilder, text: string) {
  parent.ele('qti-value').txt(xmlText(text));
}

function outcome(parent: XMLBuilder, identifier: string, baseType: string, defaultValue?: string) {
  const declaration = parent.ele('qti-outcome-declaration', { identifier, cardinality: 'single', 'base-type': baseType });
  if (defaultValue !== undefined) value(declaration.ele('qti-default-value'), defaultValue);
}

const setOutcome = (parent: XMLBuilder, identifier: string) => parent.ele('qti-set-outcome-value', { identifier });
const baseValue = (parent: XMLBuilder, baseType: string, text: string) => parent.ele('qti-base-value', { 'base-type': baseType }).txt(text);
const variable = (parent: XMLBuilder, identifier: string) => parent.ele('qti-variable', { identifier });

/** SCORE and FEEDBACK for a right answer (SCORE = MAXSCORE) or a wrong one (0). */
function scored(parent: XMLBuilder, right: boolean) {
  if (right) variable(setOutcome(parent, 'SCORE'), 'MAXSCORE');
  else baseValue(setOutcome(parent, 'SCORE'), 'float', '0');
  baseValue(setOutcome(parent, 'FEEDBACK'), 'identifier', right ? 'CORRECT' : 'INCORRECT');
}

function matchesCorrect(parent: XMLBuilder) {
  const match = parent.ele('qti-match');
  variable(match, 'RESPONSE');
  match.ele('qti-correct', { identifier: 'RESPONSE' });
}

function assessmentItem(question: Question, quiz: QuizContent): string {
  const item = document(qtiNamespace, 'qti-assessment-item', asiSchemaLocation, {
    identifier: questionIdentifier(question.id),
    title: question.text.split(/\r\n|\r|\n/)[0]!.slice(0, 200) || question.type,
    adaptive: 'false',
    'time-dependent': 'false',
  });

  const response = item.ele('qti-response-declaration', { identifier: 'RESPONSE', ...declaration(question) });
  const correct = response.ele('qti-correct-response');
  for (const text of correctValues(question)) value(correct, text);
  mapping(response, question);

  outcome(item, 'SCORE', 'float', '0');
  outcome(item, 'MAXSCORE', 'float', number(question.points));
  outcome(item, 'FEEDBACK', 'identifier');

  const body = item.ele('qti-item-body');
  paragraphs(body, question.text);
  interaction(body, question, quiz.shuffleAnswers);

  responseProcessing(item.ele('qti-response-processing'), question);

  for (const [identifier, feedback] of [
    ['CORRECT', question.correctFeedback],
    ['INCORRECT', question.incorrectFeedback],
  ] as const) {
    if (!feedback) continue;
    const modal = item.ele('qti-modal-feedback', { 'outcome-identifier': 'FEEDBACK', identifier, 'show-hide': 'show' });
    paragraphs(modal.ele('qti-content-body'), feedback);
  }
  return serialise(item);
}

function declaration(question: Question): Record<string, string> {
  switch (question.type) {
    case 'SINGLE_CHOICE':
    case 'TRUE_FALSE':
      return { cardinality: 'single', 'base-type': 'identifier' };
    case 'MULTIPLE_CHOICE':
      return { cardinality: 'multiple', 'base-type': 'identifier' };
    case 'SHORT_ANSWER':
      return { cardinality: 'single', 'base-type': 'string' };
    case 'NUMERIC':
      return { cardinality: 'single', 'base-type': 'float' };
  }
}

function correctValues(question: Question): string[] {
  switch (question.type) {
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE':
      return question.answers.filter((answer) => answer.correct).map((answer) => answerIdentifier(answer.id));
    case 'TRUE_FALSE':
      return [question.correctAnswer ? 'TRUE' : 'FALSE'];
    case 'SHORT_ANSWER':
      return question.acceptedAnswers.slice(0, 1);
    case 'NUMERIC':
      return [number(question.value)];
  }
}

function mapping(response: XMLBuilder, question: Question) {
  if (question.type === 'MULTIPLE_CHOICE' && question.scoring === 'PARTIAL') {
    const share = question.points / question.answers.filter((answer) => answer.correct).length;
    const map = response.ele('qti-mapping', { 'default-value': '0', 'lower-bound': '0', 'upper-bound': number(question.points) });
    for (const answer of question.answers) {
      map.ele('qti-map-entry', { 'map-key': answerIdentifier(answer.id), 'mapped-value': number(answer.correct ? share : -share) });
    }
  }
  if (question.type === 'SHORT_ANSWER') {
    const map = response.ele('qti-mapping', { 'default-value': '0', 'lower-bound': '0', 'upper-bound': number(question.points) });
    for (const accepted of question.acceptedAnswers) {
      map.ele('qti-map-entry', { 'map-key': xmlText(accepted), 'mapped-value': number(question.points), 'case-sensitive': 'false' });
    }
  }
}

function interaction(body: XMLBuilder, question: Question, shuffle: boolean) {
  switch (question.type) {
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE': {
      const choices = body.ele('qti-choice-interaction', {
        'response-identifier': 'RESPONSE',
        shuffle: String(shuffle),
        'max-choices': question.type === 'SINGLE_CHOICE' ? '1' : '0',
      });
      for (const answer of question.answers) {
        choices.ele('qti-simple-choice', { identifier: answerIdentifier(answer.id) }).txt(xmlText(answer.text));
      }
      return;
    }
    case 'TRUE_FALSE': {
      const choices = body.ele('qti-choice-interaction', { 'response-identifier': 'RESPONSE', shuffle: 'false', 'max-choices': '1' });
      choices.ele('qti-simple-choice', { identifier: 'TRUE' }).txt('True');
      choices.ele('qti-simple-choice', { identifier: 'FALSE' }).txt('False');
      return;
    }
    case 'SHORT_ANSWER':
    case 'NUMERIC':
      body.ele('div').ele('qti-text-entry-interaction', { 'response-identifier': 'RESPONSE' });
  }
}

function responseProcessing(processing: XMLBuilder, question: Question) {
  const condition = processing.ele('qti-response-condition');
  const mapped = question.type === 'SHORT_ANSWER' || (question.type === 'MULTIPLE_CHOICE' && question.scoring === 'PARTIAL');
  if (mapped || question.type === 'NUMERIC') {
    const unanswered = condition.ele('qti-response-if');
    variable(unanswered.ele('qti-is-null'), 'RESPONSE');
    scored(unanswered, false);
  }
  if (mapped) {
    // map_response: SCORE is the mapped value; the feedback says whether the answer was wholly right (every right
    // choice and no other: the correct response; an accepted short answer: the whole of the points).
    const answered = condition.ele('qti-response-else');
    setOutcome(answered, 'SCORE').ele('qti-map-response', { identifier: 'RESPONSE' });
    const feedback = answered.ele('qti-response-condition');
    const whole = feedback.ele('qti-response-if');
    if (question.type === 'MULTIPLE_CHOICE') matchesCorrect(whole);
    else {
      const gte = whole.ele('qti-gte');
      variable(gte, 'SCORE');
      variable(gte, 'MAXSCORE');
    }
    baseValue(setOutcome(whole, 'FEEDBACK'), 'identifier', 'CORRECT');
    baseValue(setOutcome(feedback.ele('qti-response-else'), 'FEEDBACK'), 'identifier', 'INCORRECT');
    return;
  }
  const right = condition.ele(question.type === 'NUMERIC' ? 'qti-response-else-if' : 'qti-response-if');
  if (question.type === 'NUMERIC') {
    const tolerance = number(question.tolerance);
    const equal = right.ele(
      'qti-equal',
      question.tolerance > 0 ? { 'tolerance-mode': 'absolute', tolerance: `${tolerance} ${tolerance}` } : { 'tolerance-mode': 'exact' },
    );
    variable(equal, 'RESPONSE');
    equal.ele('qti-correct', { identifier: 'RESPONSE' });
  } else {
    matchesCorrect(right);
  }
  scored(right, true);
  scored(condition.ele('qti-response-else'), false);
}

function assessmentTest(quiz: QuizToExport): string {
  const test = document(qtiNamespace, 'qti-assessment-test', asiSchemaLocation, {
    identifier: `T-${quiz.id}`,
    title: quiz.title,
  });
  outcome(test, 'SCORE', 'float', '0');
  outcome(test, 'MAXSCORE', 'float', '0');
  outcome(test, 'PASS', 'boolean', 'false');
  outcome(test, 'PASS_MARK', 'float', number(quiz.passMark / 100));
  if (quiz.timeLimitMinutes !== null) test.ele('qti-time-limits', { 'max-time': String(quiz.timeLimitMinutes * 60) });
  if (quiz.description) {
    const rubric = test.ele('qti-rubric-block', { use: 'instructions', view: 'candidate' });
    paragraphs(rubric.ele('qti-content-body'), quiz.description);
  }
  const part = test.ele('qti-test-part', { identifier: 'PART-1', 'navigation-mode': 'nonlinear', 'submission-mode': 'simultaneous' });
  part.ele('qti-item-session-control', { 'show-solution': String(quiz.showCorrectAnswers) });
  const section = part.ele('qti-assessment-section', { identifier: 'SECTION-1', title: xmlText(quiz.title), visible: 'true' });
  if (quiz.shuffleQuestions) section.ele('qti-ordering', { shuffle: 'true' });
  for (const question of quiz.questions) {
    section.ele('qti-assessment-item-ref', { identifier: questionIdentifier(question.id), href: itemFile(question.id) });
  }
  const processing = test.ele('qti-outcome-processing');
  for (const identifier of ['SCORE', 'MAXSCORE']) {
    setOutcome(processing, identifier).ele('qti-sum').ele('qti-test-variables', { 'variable-identifier': identifier });
  }
  const pass = setOutcome(processing, 'PASS').ele('qti-gte');
  variable(pass, 'SCORE');
  const product = pass.ele('qti-product');
  variable(product, 'MAXSCORE');
  variable(product, 'PASS_MARK');
  return serialise(test);
}

function manifest(quiz: QuizToExport): string {
  const root = document(manifestNamespace, 'manifest', manifestSchemaLocation, { identifier: `MANIFEST-${quiz.id}` });
  const metadata = root.ele('metadata');
  metadata.ele('schema').txt('QTI Package');
  metadata.ele('schemaversion').txt('3.0.0');
  root.ele('organizations');
  const resources = root.ele('resources');
  const test = resources.ele('resource', { identifier: `T-${quiz.id}`, type: testResourceType, href: testFile });
  test.ele('file', { href: testFile });
  for (const question of quiz.questions) test.ele('dependency', { identifierref: questionIdentifier(question.id) });
  for (const question of quiz.questions) {
    const resource = resources.ele('resource', {
      identifier: questionIdentifier(question.id),
      type: itemResourceType,
      href: itemFile(question.id),
    });
    resource.ele('file', { href: itemFile(question.id) });
  }
  return serialise(root);
}
