import { quizLimits, type MultipleChoiceScoring, type Question, type QuestionBody, type QuestionType } from '../domain/quizzes';

/**
 * A quiz's questions as its form holds them (one field of the form machine, `kind: 'questions'`): each question with
 * every field of every type, typed numbers kept as text, so that changing a question's type loses nothing. The editor's
 * changes are the pure functions below, sent to the form machine as the field's new value; what is sent to the API is
 * the fields of each question's type only (`questionBodies`). `check` refuses what the server cannot score, with the
 * server's rules and field paths (server/routes/quizzes/question-rules.ts), so a problem shows by its question.
 */
export interface AnswerDraft {
  key: string;
  /** The stored answer's id (kept, so a learner's past answers still name it); none for a new one. */
  id?: string;
  text: string;
  correct: boolean;
}

export interface QuestionDraft {
  key: string;
  id?: string;
  type: QuestionType;
  text: string;
  points: string;
  correctFeedback: string;
  incorrectFeedback: string;
  scoring: MultipleChoiceScoring;
  answers: readonly AnswerDraft[];
  correctAnswer: boolean;
  acceptedAnswers: readonly string[];
  value: string;
  tolerance: string;
}

/** The form field's value: the questions in order. */
export interface QuestionSet {
  questions: readonly QuestionDraft[];
}

export const isQuestionSet = (value: unknown): value is QuestionSet =>
  typeof value === 'object' && value !== null && Array.isArray((value as QuestionSet).questions);

let drafted = 0;
/** A key for a new question or answer: unique in the page, never sent. */
const newKey = () => `new-${++drafted}`;

const blankAnswer = (): AnswerDraft => ({ key: newKey(), text: '', correct: false });

/** A new question of a type: two blank answers for a choice, one blank accepted answer for a short answer. */
export function newQuestion(type: QuestionType): QuestionDraft {
  return {
    key: newKey(),
    type,
    text: '',
    points: '1',
    correctFeedback: '',
    incorrectFeedback: '',
    scoring: 'ALL_OR_NOTHING',
    answers: [blankAnswer(), blankAnswer()],
    correctAnswer: true,
    acceptedAnswers: [''],
    value: '',
    tolerance: '0',
  };
}

/** A stored question as the form holds it. */
export function draftOf(question: Question): QuestionDraft {
  const draft: QuestionDraft = {
    ...newQuestion(question.type),
    // A stored question always has its id; a key all the same for one that would lack it.
    key: question.id ?? newKey(),
    id: question.id,
    text: question.text,
    points: String(question.points),
    correctFeedback: question.correctFeedback ?? '',
    incorrectFeedback: question.incorrectFeedback ?? '',
  };
  switch (question.type) {
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE':
      return {
        ...draft,
        answers: question.answers.map(({ id, text, correct }) => ({ key: id ?? newKey(), id, text, correct })),
        ...(question.type === 'MULTIPLE_CHOICE' && { scoring: question.scoring }),
      };
    case 'TRUE_FALSE':
      return { ...draft, correctAnswer: question.correctAnswer };
    case 'SHORT_ANSWER':
      return { ...draft, acceptedAnswers: [...question.acceptedAnswers] };
    case 'NUMERIC':
      return { ...draft, value: String(question.value), tolerance: String(question.tolerance) };
  }
}

/** A record's questions as the form's value; none when the record has none (a list's summary, a new quiz). */
export function questionSetOf(value: unknown): QuestionSet {
  return { questions: Array.isArray(value) ? (value as Question[]).map(draftOf) : [] };
}

const isChoice = (type: QuestionType) => type === 'SINGLE_CHOICE' || type === 'MULTIPLE_CHOICE';

/** A typed number, or undefined when the text is none (what the API then refuses or defaults). */
const numberOf = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text));

/** The API's body of each question: the fields of its type only. */
export function questionBodies({ questions }: QuestionSet): QuestionBody[] {
  return questions.map((question) => {
    const points = numberOf(question.points);
    const body: QuestionBody = {
      ...(question.id && { id: question.id }),
      type: question.type,
      text: question.text.trim(),
      ...(points !== undefined && { points }),
      correctFeedback: question.correctFeedback.trim() || null,
      incorrectFeedback: question.incorrectFeedback.trim() || null,
    };
    if (isChoice(question.type)) {
      body.answers = question.answers.map(({ id, text, correct }) => ({ ...(id && { id }), text: text.trim(), correct }));
      if (question.type === 'MULTIPLE_CHOICE') body.scoring = question.scoring;
    } else if (question.type === 'TRUE_FALSE') body.correctAnswer = question.correctAnswer;
    else if (question.type === 'SHORT_ANSWER') body.acceptedAnswers = question.acceptedAnswers.map((text) => text.trim());
    else {
      const value = numberOf(question.value);
      const tolerance = numberOf(question.tolerance);
      if (value !== undefined) body.value = value;
      if (tolerance !== undefined) body.tolerance = tolerance;
    }
    return body;
  });
}

/** Why a question (or one of its fields) cannot be saved: a rule code of the API's, with its values. */
export interface QuestionProblem {
  rule: string;
  params?: Record<string, string | number>;
  /** The API's own words, when the problem is the API's. */
  server?: string;
}

/** The problems of the questions by their path (`questions.3.answers`, `questions.3.answers.1.text`). */
export type QuestionProblems = Record<string, QuestionProblem>;

/** Unicode compatibility forms, case, and spaces around and repeated inside ignored (as the server's scorer). */
export const normalizeAnswerText = (text: string) =>
  text.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC').trim().replace(/\s+/gu, ' ');

/**
 * What the server would refuse in the questions, by path: the text, the points (more than 0, at most the limit, two
 * decimals), a choice question's answers (two or more, at least one right, exactly one for a single choice, none blank
 * or repeated), a short answer's accepted answers (one or more, none blank or repeated), a numeric question's value
 * (required) and tolerance (0 or more), within the limits of `quizLimits`.
 */
export function checkQuestions({ questions }: QuestionSet): QuestionProblems {
  const problems: QuestionProblems = {};
  const limits = quizLimits;
  if (questions.length > limits.questions) problems.questions = { rule: 'maxItems', params: { limit: limits.questions } };
  questions.forEach((question, index) => {
    const at = `questions.${index}`;
    const refuse = (field: string, rule: string, params?: QuestionProblem['params']) => {
      problems[`${at}.${field}`] ??= { rule, ...(params && { params }) };
    };
    if (!question.text.trim()) refuse('text', 'required');
    else if (question.text.length > limits.questionTextMaxLength) refuse('text', 'maxLength', { limit: limits.questionTextMaxLength });
    const points = numberOf(question.points);
    if (question.points.trim() === '') refuse('points', 'required');
    else if (points === undefined || points <= 0 || points > limits.maxPoints) refuse('points', 'points', { limit: limits.maxPoints });
    else if (Math.round(points * 100) / 100 !== points) refuse('points', 'decimals', { limit: 2 });
    for (const field of ['correctFeedback', 'incorrectFeedback'] as const) {
      if (question[field].length > limits.feedbackMaxLength) refuse(field, 'maxLength', { limit: limits.feedbackMaxLength });
    }
    if (isChoice(question.type)) {
      const { answers } = question;
      const correct = answers.filter((answer) => answer.correct).length;
      if (answers.length < 2) refuse('answers', 'minItems', { limit: 2 });
      else if (answers.length > limits.answers) refuse('answers', 'maxItems', { limit: limits.answers });
      else if (correct === 0) refuse('answers', 'noCorrectAnswer');
      else if (question.type === 'SINGLE_CHOICE' && correct > 1) refuse('answers', 'oneCorrectAnswer', { count: correct });
      const seen = new Set<string>();
      answers.forEach((answer, position) => {
        const text = normalizeAnswerText(answer.text);
        if (!text) refuse(`answers.${position}.text`, 'required');
        else if (answer.text.trim().length > limits.answerTextMaxLength)
          refuse(`answers.${position}.text`, 'maxLength', { limit: limits.answerTextMaxLength });
        else if (seen.has(text)) refuse(`answers.${position}.text`, 'duplicate');
        seen.add(text);
      });
    } else if (question.type === 'SHORT_ANSWER') {
      const accepted = question.acceptedAnswers;
      if (accepted.length === 0) refuse('acceptedAnswers', 'minItems', { limit: 1 });
      else if (accepted.length > limits.acceptedAnswers) refuse('acceptedAnswers', 'maxItems', { limit: limits.acceptedAnswers });
      const seen = new Set<string>();
      accepted.forEach((text, position) => {
        const normalized = normalizeAnswerText(text);
        if (!normalized) refuse(`acceptedAnswers.${position}`, 'required');
        else if (text.trim().length > limits.acceptedAnswerMaxLength)
          refuse(`acceptedAnswers.${position}`, 'maxLength', { limit: limits.acceptedAnswerMaxLength });
        else if (seen.has(normalized)) refuse(`acceptedAnswers.${position}`, 'duplicate');
        seen.add(normalized);
      });
    } else if (question.type === 'NUMERIC') {
      const value = numberOf(question.value);
      if (question.value.trim() === '') refuse('value', 'required');
      else if (value === undefined || Math.abs(value) > limits.maxNumber) refuse('value', 'number', { limit: limits.maxNumber });
      const tolerance = numberOf(question.tolerance);
      if (question.tolerance.trim() !== '' && (tolerance === undefined || tolerance < 0 || tolerance > limits.maxNumber))
        refuse('tolerance', 'tolerance', { limit: limits.maxNumber });
    }
  });
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// The editor's changes: each answers the set it makes, the given one untouched.

const replaced = (set: QuestionSet, questions: QuestionDraft[]): QuestionSet => ({ ...set, questions });

export const addQuestion = (set: QuestionSet, type: QuestionType): QuestionSet => replaced(set, [...set.questions, newQuestion(type)]);

/** A copy right after the question, as new: without the ids of the question and its answers. */
export function duplicateQuestion(set: QuestionSet, index: number): QuestionSet {
  const question = set.questions[index];
  if (!question) return set;
  const { id: _, ...rest } = question;
  const copy: QuestionDraft = {
    ...rest,
    key: newKey(),
    answers: question.answers.map(({ text, correct }) => ({ key: newKey(), text, correct })),
    acceptedAnswers: [...question.acceptedAnswers],
  };
  return replaced(set, [...set.questions.slice(0, index + 1), copy, ...set.questions.slice(index + 1)]);
}

export const removeQuestion = (set: QuestionSet, index: number): QuestionSet =>
  replaced(
    set,
    set.questions.filter((_, position) => position !== index),
  );

/** The question at `from` moved to `to` (both within the list; otherwise nothing changes). */
export function moveQuestion(set: QuestionSet, from: number, to: number): QuestionSet {
  const count = set.questions.length;
  if (from === to || from < 0 || to < 0 || from >= count || to >= count) return set;
  const questions = [...set.questions];
  const [moved] = questions.splice(from, 1);
  questions.splice(to, 0, moved!);
  return replaced(set, questions);
}

/** A question's fields changed; a single choice keeps at most one right answer (the last one marked). */
export function updateQuestion(set: QuestionSet, index: number, change: Partial<Omit<QuestionDraft, 'key' | 'id'>>): QuestionSet {
  const question = set.questions[index];
  if (!question) return set;
  return replaced(
    set,
    set.questions.map((current, position) => (position === index ? { ...question, ...change } : current)),
  );
}

export const addAnswer = (set: QuestionSet, index: number): QuestionSet =>
  updateQuestion(set, index, { answers: [...(set.questions[index]?.answers ?? []), blankAnswer()] });

export const removeAnswer = (set: QuestionSet, index: number, answer: number): QuestionSet =>
  updateQuestion(set, index, { answers: (set.questions[index]?.answers ?? []).filter((_, position) => position !== answer) });

export function changeAnswer(set: QuestionSet, index: number, answer: number, change: Partial<Pick<AnswerDraft, 'text' | 'correct'>>) {
  const question = set.questions[index];
  if (!question) return set;
  const single = question.type === 'SINGLE_CHOICE' && change.correct === true;
  return updateQuestion(set, index, {
    answers: question.answers.map((current, position) =>
      position === answer ? { ...current, ...change } : single ? { ...current, correct: false } : current,
    ),
  });
}

export const addAccepted = (set: QuestionSet, index: number): QuestionSet =>
  updateQuestion(set, index, { acceptedAnswers: [...(set.questions[index]?.acceptedAnswers ?? []), ''] });

export const removeAccepted = (set: QuestionSet, index: number, position: number): QuestionSet =>
  updateQuestion(set, index, { acceptedAnswers: (set.questions[index]?.acceptedAnswers ?? []).filter((_, at) => at !== position) });

export const changeAccepted = (set: QuestionSet, index: number, position: number, text: string): QuestionSet =>
  updateQuestion(set, index, {
    acceptedAnswers: (set.questions[index]?.acceptedAnswers ?? []).map((current, at) => (at === position ? text : current)),
  });
