import { randomUUID } from 'node:crypto';
import { Compile } from 'typebox/compile';
import { QuestionBody, type ChoiceAnswer, type QtiImportItem, type QtiImportProblem } from '../../../../contract/quizzes.schemas';
import { quizLimits as limits } from '../../../../contract/quiz-limits';
import { ApiError } from '../../../http/api-error';
import { toFieldErrors } from '../../../http/validation';
import { checkQuestions } from '../question-rules';
import { normalizeShortAnswer } from '../scoring';
import { packageError } from './qti-errors';
import { itemResourceType, manifestNamespace, qtiNamespace, testResourceType } from './qti-export';
import { packagePath, readPackage, type PackageFiles } from './qti-package';
import { descendants, elements, firstElement, parseQtiXml, textOf, type XmlElement, type XmlNode } from './qti-xml';

/*
 * A QTI 3.0 content package read as a new quiz. What the quiz model holds comes in (the five question types, points,
 * feedback for a right and a wrong answer, the test's title, instructions, pass mark, time limit, shuffling, whether
 * solutions are shown); what it cannot hold is reported, item by item, never dropped in silence: an item is IMPORTED,
 * IMPORTED_WITH_CHANGES (with what changed) or SKIPPED (with why). A package that is not one (not a zip, a name
 * leaving it, no manifest, XML that is malformed, declares a DTD or is in another namespace than QTI 3.0's, nothing
 * importable) is refused whole (400) and nothing is written.
 */

export interface ImportedQuiz {
  body: {
    title: string;
    description: string | null;
    passMark: number;
    timeLimitMinutes: number | null;
    shuffleQuestions: boolean;
    shuffleAnswers: boolean;
    showCorrectAnswers: boolean;
    questions: QuestionBody[];
  };
  items: QtiImportItem[];
  notes: QtiImportProblem[];
}

const problem = (rule: string, message: string, params?: QtiImportProblem['params']): QtiImportProblem => ({
  rule,
  message,
  ...(params && { params }),
});

interface ItemResource {
  identifier: string;
  path: string | null;
  href: string;
}

export async function importPackage(zip: Buffer): Promise<ImportedQuiz> {
  const { xml, others } = await readPackage(zip);
  const manifestText = xml.get('imsmanifest.xml');
  if (manifestText === undefined) {
    throw packageError('QTI_NO_MANIFEST', 'The package has no imsmanifest.xml at its root: it is not an IMS content package');
  }
  const manifest = parseQtiXml(manifestText, 'imsmanifest.xml', manifestNamespace, 'manifest');
  const resources = descendants(manifest).filter((element) => element.name === 'resource');
  const resourceOf = (element: XmlElement) => {
    const href = element.attrs.href ?? '';
    return { identifier: element.attrs.identifier ?? '', href, path: href ? packagePath('imsmanifest.xml', href) : null };
  };
  const items = resources.filter((resource) => resource.attrs.type?.startsWith(itemResourceType)).map(resourceOf);
  const tests = resources.filter((resource) => resource.attrs.type?.startsWith(testResourceType)).map(resourceOf);
  const notes: QtiImportProblem[] = [];
  const otherQti =
    resources.filter((resource) => /^imsqti_(item|test)_xmlv/.test(resource.attrs.type ?? '')).length - items.length - tests.length;
  if (items.length === 0) {
    throw otherQti > 0
      ? packageError('QTI_NOT_QTI3', 'The package holds items of another QTI version than 3.0')
      : packageError('QTI_NO_ITEMS', 'The package holds no QTI 3.0 assessment item');
  }
  if (otherQti > 0) {
    notes.push(problem('otherVersionsNotImported', `${otherQti} resources of another QTI version were not imported`, { count: otherQti }));
  }

  const test = tests[0] && tests[0].path !== null ? readTest(xml, tests[0].path, notes) : undefined;
  if (tests.length > 1)
    notes.push(problem('onlyFirstTest', 'The package holds several tests: the first one was imported', { count: tests.length }));
  const ordered = itemOrder(items, test?.itemPaths ?? []);

  const questionIds = new Set<string>();
  const questions: QuestionBody[] = [];
  const reports: QtiImportItem[] = [];
  const shuffles: boolean[] = [];
  for (const item of ordered) {
    const report: QtiImportItem = {
      identifier: item.identifier,
      href: item.href,
      title: null,
      outcome: 'SKIPPED',
      questionId: null,
      problems: [],
    };
    reports.push(report);
    if (item.path === null) {
      report.problems.push(problem('externalFile', `${item.href} is outside the package`, { href: item.href }));
      continue;
    }
    const text = xml.get(item.path);
    if (text === undefined) {
      report.problems.push(
        problem('fileMissing', `${item.path} is not in the package${others.has(item.path) ? ' as XML' : ''}`, { file: item.path }),
      );
      continue;
    }
    const element = parseQtiXml(text, item.path, qtiNamespace, 'qti-assessment-item');
    report.title = element.attrs.title ?? null;
    if (questions.length >= limits.questions) {
      report.problems.push(problem('tooManyQuestions', `A quiz holds at most ${limits.questions} questions`, { limit: limits.questions }));
      continue;
    }
    const read = readItem(element, questionIds);
    report.problems.push(...read.problems);
    if (!read.question) continue;
    const refusals = questionRefusals(read.question);
    if (refusals.length > 0) {
      report.problems.push(...refusals);
      continue;
    }
    questionIds.add(read.question.id!);
    questions.push(read.question);
    if (read.shuffle !== undefined) shuffles.push(read.shuffle);
    report.outcome = report.problems.length > 0 ? 'IMPORTED_WITH_CHANGES' : 'IMPORTED';
    report.questionId = read.question.id!;
  }

  if (questions.length === 0) {
    const errors = reports.map((report, index) => ({
      field: `items.${index}`,
      rule: report.problems[0]?.rule ?? 'skipped',
      message: `${report.href}: ${report.problems.map((reason) => reason.message).join('; ')}`,
    }));
    throw new ApiError(400, 'No item of the package could be imported', {}, errors, 'QTI_NOTHING_TO_IMPORT');
  }
  if (new Set(shuffles).size > 1) {
    notes.push(problem('shuffleAnswersMixed', 'Some items shuffle their answers and others do not: the quiz shuffles them all'));
  }

  return {
    body: {
      ...quizTexts(test?.title, test?.description, notes),
      passMark: test?.passMark ?? limits.passMarkDefault,
      timeLimitMinutes: test?.timeLimitMinutes ?? null,
      shuffleQuestions: test?.shuffleQuestions ?? false,
      shuffleAnswers: shuffles.includes(true),
      showCorrectAnswers: test?.showCorrectAnswers ?? false,
      questions,
    },
    items: reports,
    notes,
  };
}

function quizTexts(title: string | undefined, description: string | undefined, notes: QtiImportProblem[]) {
  let quizTitle = title?.replace(/\s+/g, ' ').trim() ?? '';
  if (!quizTitle) {
    quizTitle = 'Imported quiz';
    notes.push(problem('titleMissing', 'The package names no test title: the quiz is called "Imported quiz"'));
  } else if (quizTitle.length > limits.titleMaxLength) {
    quizTitle = quizTitle.slice(0, limits.titleMaxLength);
    notes.push(
      problem('titleShortened', `The test's title was cut to ${limits.titleMaxLength} characters`, { limit: limits.titleMaxLength }),
    );
  }
  let quizDescription = description || null;
  if (quizDescription && quizDescription.length > limits.descriptionMaxLength) {
    quizDescription = quizDescription.slice(0, limits.descriptionMaxLength);
    notes.push(
      problem('descriptionShortened', `The test's instructions were cut to ${limits.descriptionMaxLength} characters`, {
        limit: limits.descriptionMaxLength,
      }),
    );
  }
  return { title: quizTitle, description: quizDescription };
}

interface TestSettings {
  title?: string;
  description?: string;
  passMark?: number;
  timeLimitMinutes?: number | null;
  shuffleQuestions: boolean;
  showCorrectAnswers: boolean;
  itemPaths: string[];
}

function readTest(xml: PackageFiles, path: string, notes: QtiImportProblem[]): TestSettings | undefined {
  const text = xml.get(path);
  if (text === undefined) {
    notes.push(problem('testMissing', `The test ${path} is not in the package: items are taken in the manifest's order`, { file: path }));
    return undefined;
  }
  const test = parseQtiXml(text, path, qtiNamespace, 'qti-assessment-test');
  const all = descendants(test);
  const passMark = elements(test, 'qti-outcome-declaration').find((declaration) => declaration.attrs.identifier === 'PASS_MARK');
  const passShare = passMark ? Number(textOf(firstElement(passMark, 'qti-default-value') ?? '')) : Number.NaN;
  const maxTime = Number(all.find((element) => element.name === 'qti-time-limits')?.attrs['max-time']);
  let timeLimitMinutes: number | null = null;
  if (Number.isFinite(maxTime) && maxTime > 0) {
    timeLimitMinutes = Math.min(limits.maxTimeLimitMinutes, Math.max(1, Math.ceil(maxTime / 60)));
    if (timeLimitMinutes * 60 !== maxTime) {
      notes.push(
        problem('timeLimitRounded', `The time limit of ${maxTime} seconds is ${timeLimitMinutes} minutes here`, {
          seconds: maxTime,
          minutes: timeLimitMinutes,
        }),
      );
    }
  }
  const rubric = elements(test, 'qti-rubric-block')[0];
  return {
    title: test.attrs.title,
    description: rubric ? linesOf(firstElement(rubric, 'qti-content-body') ?? rubric).join('\n') : undefined,
    passMark: Number.isFinite(passShare) ? Math.min(100, Math.max(0, Math.round(passShare * 100))) : undefined,
    timeLimitMinutes,
    shuffleQuestions: all.some((element) => element.name === 'qti-ordering' && element.attrs.shuffle === 'true'),
    showCorrectAnswers: all.some((element) => element.name === 'qti-item-session-control' && element.attrs['show-solution'] === 'true'),
    itemPaths: all
      .filter((element) => element.name === 'qti-assessment-item-ref')
      .flatMap((reference) => {
        const target = packagePath(path, reference.attrs.href ?? '');
        return target ? [target] : [];
      }),
  };
}

/** The test's items in its order, then the package's other items in the manifest's. */
function itemOrder(items: ItemResource[], testPaths: string[]): ItemResource[] {
  const byPath = new Map(items.flatMap((item) => (item.path ? [[item.path, item] as const] : [])));
  const ordered = [...new Set(testPaths)].flatMap((path) => byPath.get(path) ?? []);
  return [...ordered, ...items.filter((item) => !ordered.includes(item))];
}

// ---------------------------------------------------------------------------------------------------------------
// Items.

interface ReadItem {
  question?: QuestionBody;
  shuffle?: boolean;
  problems: QtiImportProblem[];
}

const interactionName = /^qti-[a-z-]+-interaction$/;
const uuidOf = (identifier: string | undefined, prefix: string) => {
  const match = new RegExp(`^${prefix}-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`, 'i').exec(identifier ?? '');
  return match?.[1]?.toLowerCase();
};

function readItem(item: XmlElement, usedIds: Set<string>): ReadItem {
  const problems: QtiImportProblem[] = [];
  const skipped = (rule: string, message: string, params?: QtiImportProblem['params']): ReadItem => ({
    problems: [...problems, problem(rule, message, params)],
  });
  const body = firstElement(item, 'qti-item-body');
  const interactions = body ? descendants(body).filter((element) => interactionName.test(element.name)) : [];
  if (interactions.length === 0) return skipped('noInteraction', 'The item asks nothing: it has no interaction');
  if (interactions.length > 1) {
    return skipped('severalInteractions', `The item has ${interactions.length} interactions: a question here has one`, {
      count: interactions.length,
    });
  }
  const interaction = interactions[0]!;
  if (interaction.name !== 'qti-choice-interaction' && interaction.name !== 'qti-text-entry-interaction') {
    return skipped('unsupportedInteraction', `${interaction.name} has no question type here`, { interaction: interaction.name });
  }
  const responseId = interaction.attrs['response-identifier'];
  const declaration = elements(item, 'qti-response-declaration').find((element) => element.attrs.identifier === responseId);
  if (!declaration) return skipped('noResponseDeclaration', `The item declares no response ${responseId ?? ''}`.trim());

  const correctValues = elements(firstElement(declaration, 'qti-correct-response') ?? declaration, 'qti-value').map((value) =>
    textOf(value),
  );
  const mappingElement = firstElement(declaration, 'qti-mapping');
  const mapping = (mappingElement ? elements(mappingElement, 'qti-map-entry') : []).map((entry) => ({
    key: entry.attrs['map-key'] ?? '',
    value: Number(entry.attrs['mapped-value']),
    caseSensitive: entry.attrs['case-sensitive'] !== 'false',
  }));
  const points = pointsOf(item, mappingElement, problems);
  const processing = firstElement(item, 'qti-response-processing');
  const template = processing?.attrs.template;
  if (template && !/(match_correct|map_response)(\.xml)?$/.test(template)) {
    problems.push(problem('scoringChanged', `Its response processing (${template}) is replaced by this console's scoring`, { template }));
  }
  const text = questionText(body!, interaction, problems);
  const id = uuidOf(item.attrs.identifier, 'Q');
  const common = {
    id: id && !usedIds.has(id) ? id : randomUUID(),
    text,
    points,
    ...feedbackOf(item, problems),
  };

  if (interaction.name === 'qti-choice-interaction') {
    const choices = elements(interaction, 'qti-simple-choice');
    const shuffle = interaction.attrs.shuffle === 'true';
    const cardinality = declaration.attrs.cardinality;
    if (cardinality !== 'single' && cardinality !== 'multiple') {
      return skipped('unsupportedInteraction', `A choice with ${cardinality ?? 'no'} cardinality has no question type here`, {
        interaction: interaction.name,
      });
    }
    let correct = new Set(correctValues);
    if (correct.size === 0 && mapping.length > 0) {
      correct = new Set(mapping.filter((entry) => entry.value > 0).map((entry) => entry.key));
      problems.push(problem('correctFromMapping', 'The item gives no correct response: the answers it scores are taken as right'));
    }
    const identifiers = choices.map((choice) => (choice.attrs.identifier ?? '').toUpperCase());
    if (cardinality === 'single' && choices.length === 2 && identifiers.includes('TRUE') && identifiers.includes('FALSE')) {
      const right = [...correct].map((value) => value.toUpperCase());
      return { question: { ...common, type: 'TRUE_FALSE', correctAnswer: right.includes('TRUE') }, problems };
    }
    const answerIds = new Set<string>();
    const answers = choices.map((choice) => {
      const answerId = uuidOf(choice.attrs.identifier, 'A');
      const unique = answerId && !answerIds.has(answerId) ? answerId : randomUUID();
      answerIds.add(unique);
      return { id: unique, text: inlineText(choice, problems), correct: correct.has(choice.attrs.identifier ?? '') };
    });
    if (cardinality === 'single') return { question: { ...common, type: 'SINGLE_CHOICE', answers }, shuffle, problems };
    const scoring = mapping.length > 0 ? 'PARTIAL' : 'ALL_OR_NOTHING';
    if (scoring === 'PARTIAL') partialCreditDiffers(choices, answers, mapping, points, problems);
    return { question: { ...common, type: 'MULTIPLE_CHOICE', scoring, answers }, shuffle, problems };
  }

  const baseType = declaration.attrs['base-type'];
  if (baseType === 'float' || baseType === 'integer') {
    const value = Number(correctValues[0]);
    if (correctValues.length === 0 || !Number.isFinite(value)) return skipped('noCorrectResponse', 'The item gives no correct number');
    return { question: { ...common, type: 'NUMERIC', value, tolerance: toleranceOf(processing, value, problems) }, problems };
  }
  if (baseType === 'string') {
    const accepted: string[] = [];
    const seen = new Set<string>();
    const accept = (answer: string) => {
      const normalized = normalizeShortAnswer(answer);
      if (!normalized || seen.has(normalized)) return;
      accepted.push(answer.trim());
      seen.add(normalized);
    };
    correctValues.forEach(accept);
    for (const entry of mapping) {
      if (!(entry.value > 0)) continue;
      accept(entry.key);
      if (entry.value < points) {
        problems.push(
          problem('partialCreditChanged', `The answer "${entry.key}" scored part of the points in the package: it scores all here`),
        );
      }
    }
    if (mapping.some((entry) => entry.caseSensitive && entry.value > 0)) {
      problems.push(problem('caseInsensitive', 'The package matched some answers case-sensitively: here case is ignored'));
    }
    if (accepted.length === 0) return skipped('noCorrectResponse', 'The item gives no accepted answer');
    return { question: { ...common, type: 'SHORT_ANSWER', acceptedAnswers: accepted }, problems };
  }
  return skipped('unsupportedInteraction', `A text entry of base type ${baseType ?? 'none'} has no question type here`, {
    interaction: interaction.name,
  });
}

/** MAXSCORE's default, else the mapping's upper bound, else 1; brought within the quiz's rules (two decimals, 0 < points ≤ 1000). */
function pointsOf(item: XmlElement, mapping: XmlElement | undefined, problems: QtiImportProblem[]): number {
  const maxScore = elements(item, 'qti-outcome-declaration').find((declaration) => declaration.attrs.identifier === 'MAXSCORE');
  const declared = maxScore ? Number(textOf(firstElement(maxScore, 'qti-default-value') ?? '')) : Number(mapping?.attrs['upper-bound']);
  if (!Number.isFinite(declared) || declared <= 0) {
    problems.push(problem('pointsDefaulted', 'The item declares no points: it is worth 1'));
    return 1;
  }
  const points = Math.min(limits.maxPoints, Math.round(declared * 100) / 100);
  if (points !== declared) {
    problems.push(problem('pointsChanged', `Its ${declared} points are ${points} here`, { from: declared, to: points }));
  }
  return points > 0 ? points : 0.01;
}

function partialCreditDiffers(
  choices: XmlElement[],
  answers: Pick<ChoiceAnswer, 'correct'>[],
  mapping: { key: string; value: number }[],
  points: number,
  problems: QtiImportProblem[],
) {
  const right = answers.filter((answer) => answer.correct).length;
  const share = right > 0 ? points / right : 0;
  const mapped = new Map(mapping.map((entry) => [entry.key, entry.value]));
  const same = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
  const matches = choices.every((choice, index) =>
    same(mapped.get(choice.attrs.identifier ?? '') ?? 0, answers[index]!.correct ? share : -share),
  );
  if (!matches) {
    problems.push(
      problem(
        'partialCreditChanged',
        'Its partial credit becomes this console’s: each right answer earns its share, each wrong one takes one away',
      ),
    );
  }
}

/** The tolerance of the qti-equal that compares the response, as an absolute one. */
function toleranceOf(processing: XmlElement | undefined, value: number, problems: QtiImportProblem[]): number {
  const equal = processing ? descendants(processing).find((element) => element.name === 'qti-equal') : undefined;
  const mode = equal?.attrs['tolerance-mode'] ?? 'exact';
  if (!equal || mode === 'exact') return 0;
  const [lower = 0, upper = lower] = (equal.attrs.tolerance ?? '0').trim().split(/\s+/).map(Number);
  if (!Number.isFinite(lower) || !Number.isFinite(upper)) return 0;
  let tolerance = Math.min(lower, upper);
  if (lower !== upper) problems.push(problem('toleranceChanged', `Its tolerance of −${lower}/+${upper} is ±${tolerance} here`));
  if (mode === 'relative') {
    tolerance = (Math.abs(value) * tolerance) / 100;
    problems.push(problem('toleranceChanged', `Its relative tolerance becomes ±${tolerance}`));
  }
  if (equal.attrs['include-lower-bound'] === 'false' || equal.attrs['include-upper-bound'] === 'false') {
    problems.push(problem('toleranceChanged', 'Its tolerance left out its bounds: here they count as right'));
  }
  return tolerance;
}

function feedbackOf(item: XmlElement, problems: QtiImportProblem[]) {
  const feedback: { correctFeedback?: string; incorrectFeedback?: string } = {};
  for (const modal of elements(item, 'qti-modal-feedback')) {
    const identifier = (modal.attrs.identifier ?? '').toUpperCase();
    const text = linesOf(firstElement(modal, 'qti-content-body') ?? modal, problems)
      .join('\n')
      .slice(0, limits.feedbackMaxLength);
    if (modal.attrs['show-hide'] !== 'hide' && identifier === 'CORRECT' && text) feedback.correctFeedback = text;
    else if (modal.attrs['show-hide'] !== 'hide' && identifier === 'INCORRECT' && text) feedback.incorrectFeedback = text;
    else {
      problems.push(
        problem('feedbackNotImported', `Its feedback ${modal.attrs.identifier ?? ''} has no place here (only CORRECT and INCORRECT)`, {
          identifier: modal.attrs.identifier ?? '',
        }),
      );
    }
  }
  return feedback;
}

// ---------------------------------------------------------------------------------------------------------------
// Texts: a body becomes lines (one per block element, `br` breaks one), inline markup keeps its words, what is not
// text (images, formulas, media, other namespaces) is left out and reported.

const blocks = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'caption',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'nav',
  'figure',
  'figcaption',
  'address',
  'hr',
  'qti-prompt',
  'qti-content-body',
]);
const inlines = new Set([
  'span',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'sub',
  'sup',
  'a',
  'code',
  'q',
  'small',
  'big',
  'tt',
  'abbr',
  'acronym',
  'cite',
  'dfn',
  'kbd',
  'samp',
  'var',
  'bdo',
  'bdi',
  'mark',
  's',
  'del',
  'ins',
  'label',
  'td',
  'th',
  'ruby',
  'rb',
  'rt',
  'rp',
  'time',
  'wbr',
]);
const placeholder = '____';

function linesOf(root: XmlElement, problems?: QtiImportProblem[], interaction?: XmlElement): string[] {
  const lines: string[] = [];
  let current = '';
  let dropped = false;
  const flush = () => {
    const line = current.replace(/\s+/g, ' ').trim();
    if (line) lines.push(line);
    current = '';
  };
  const visit = (node: XmlNode) => {
    if (typeof node === 'string') {
      current += node;
      return;
    }
    if (node === interaction) {
      if (node.name === 'qti-text-entry-interaction') current += placeholder;
      else {
        flush();
        const prompt = firstElement(node, 'qti-prompt');
        if (prompt) lines.push(...linesOf(prompt, problems));
      }
      return;
    }
    if (node.name === 'br') return flush();
    if (blocks.has(node.name)) {
      flush();
      const before = lines.length;
      node.children.forEach(visit);
      flush();
      if (node.name === 'p' && lines.length === before) lines.push('');
      return;
    }
    if (inlines.has(node.name)) {
      node.children.forEach(visit);
      return;
    }
    dropped = true;
  };
  root.children.forEach(visit);
  flush();
  if (dropped) problems?.push(problem('contentSimplified', 'Images, formulas, media or other markup were left out: only its text came in'));
  const kept = lines.filter((line) => line !== placeholder);
  while (kept[0] === '') kept.shift();
  while (kept.at(-1) === '') kept.pop();
  return kept;
}

function questionText(body: XmlElement, interaction: XmlElement, problems: QtiImportProblem[]): string {
  return linesOf(body, problems, interaction).join('\n');
}

/** The text of a choice: its words on one line. */
function inlineText(choice: XmlElement, problems: QtiImportProblem[]): string {
  return linesOf({ name: 'div', attrs: {}, children: [{ name: 'span', attrs: {}, children: choice.children }] }, problems).join(' ');
}

// ---------------------------------------------------------------------------------------------------------------

const questionSchema = Compile(QuestionBody);

/** Why a question read from an item would not be a valid one: the API's own rules, each as a problem. */
function questionRefusals(question: QuestionBody): QtiImportProblem[] {
  if (!questionSchema.Check(question)) {
    const violations = questionSchema.Errors(question) as Parameters<typeof toFieldErrors>[0];
    return toFieldErrors(violations, 'body').map((error) =>
      problem('invalidQuestion', `${error.field} ${error.message}`, { field: error.field, check: error.rule }),
    );
  }
  return checkQuestions([question]).errors.map((error) => {
    const field = error.field.replace(/^questions\.0\.?/, '') || 'question';
    return problem('invalidQuestion', `${field} ${error.message}`, { field, check: error.rule });
  });
}
