import type { TFunction } from 'i18next';
import type { FieldProblem } from '../../machines/form-fields';
import type { QuestionProblem } from '../../machines/quiz-questions';

const ruleKeys = {
  required: 'validation.required',
  email: 'validation.invalidEmail',
  url: 'validation.invalidUrl',
  countryCode: 'validation.countryCode',
  hexColor: 'validation.hexColor',
  videoTenant: 'validation.videoTenant',
  sameAs: 'validation.passwordsDiffer',
  minLength: 'validation.minLength',
  wholeNumber: 'validation.wholeNumber',
  questions: 'quizzes.questionsInvalid',
} as const;

/** The API's field rules (contract/errors.schemas.ts) the console says in the user's language. */
const serverRuleKeys: Record<string, string> = {
  required: 'validation.required',
  unique: 'validation.alreadyInUse',
  notAllowed: 'validation.notAllowed',
  notFound: 'validation.notFound',
  incorrect: 'validation.incorrect',
  mustDiffer: 'validation.mustDifferFromCurrent',
  videoTenant: 'validation.videoTenant',
  videoTenantReserved: 'validation.videoTenantReserved',
  videoTenantTaken: 'validation.videoTenantTaken',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  minimum: 'validation.minimum',
  maximum: 'validation.maximum',
  needsQuestions: 'validation.needsQuestions',
  oneOf: 'validation.oneOf',
  pattern: 'validation.invalid',
  type: 'validation.invalid',
  nul: 'validation.nul',
  videoNeedsReference: 'validation.videoNeedsReference',
  onlyInline: 'validation.onlyInline',
  onlyReference: 'validation.onlyReference',
  commonPassword: 'validation.commonPassword',
  isEmail: 'validation.passwordIsEmail',
};

/** Formats the API checks (`format` rule), by the format's name. */
const formatKeys: Record<string, string> = {
  email: 'validation.invalidEmail',
  uri: 'validation.invalidUrl',
  'iso-3166-alpha-2': 'validation.countryCode',
};

/** The words of field errors without a rule (an older API), said in the user's language all the same. */
const serverMessageKeys: Record<string, string> = {
  'is required': 'validation.required',
  'already in use': 'validation.alreadyInUse',
  'not allowed': 'validation.notAllowed',
  'not found': 'validation.notFound',
  'is incorrect': 'validation.incorrect',
  'must differ from the current password': 'validation.mustDifferFromCurrent',
};

/** An API field problem in the user's language when its rule is known; the API's words otherwise. */
export function serverProblemText(
  { server, serverRule, params }: { server: string; serverRule?: string; params?: Record<string, string | number> },
  t: TFunction,
) {
  if (serverRule === 'format') return t(formatKeys[String(params?.format)] ?? 'validation.invalid');
  const key = serverRule === undefined ? serverMessageKeys[server] : serverRuleKeys[serverRule];
  if (!key) return server;
  return params?.limit === undefined ? t(key) : t(key, { count: Number(params.limit) });
}

export function problemText(problem: FieldProblem, t: TFunction): string {
  if ('server' in problem) return serverProblemText(problem, t);
  if (problem.rule === 'wholeNumber') return t(ruleKeys.wholeNumber, { min: problem.min, max: problem.max });
  return problem.rule === 'minLength' ? t(ruleKeys.minLength, { count: problem.min }) : t(ruleKeys[problem.rule]);
}

/** Why a question's field cannot be saved (the editor's rules and the API's share their codes). */
const questionRuleKeys: Record<string, string> = {
  required: 'validation.required',
  maxLength: 'validation.maxLength',
  points: 'quizzes.problems.points',
  decimals: 'quizzes.problems.decimals',
  minItems: 'quizzes.problems.minItems',
  maxItems: 'quizzes.problems.maxItems',
  noCorrectAnswer: 'quizzes.problems.noCorrectAnswer',
  oneCorrectAnswer: 'quizzes.problems.oneCorrectAnswer',
  duplicate: 'quizzes.problems.duplicate',
  number: 'quizzes.problems.number',
  tolerance: 'quizzes.problems.tolerance',
  notAllowed: 'validation.notAllowed',
};

export function questionProblemText({ rule, params, server }: QuestionProblem, t: TFunction): string {
  const key = questionRuleKeys[rule];
  if (!key) return server ?? t('validation.invalid');
  return t(key, { count: Number(params?.limit ?? params?.count ?? 0), limit: params?.limit ?? '' });
}
