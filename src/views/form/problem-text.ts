import type { TFunction } from 'i18next';
import type { FieldProblem } from '../../machines/form-fields';

const ruleKeys = {
  required: 'validation.required',
  email: 'validation.invalidEmail',
  url: 'validation.invalidUrl',
  countryCode: 'validation.countryCode',
  hexColor: 'validation.hexColor',
  videoTenant: 'validation.videoTenant',
  sameAs: 'validation.passwordsDiffer',
  minLength: 'validation.minLength',
} as const;

/** The API's field messages we can say in the user's language; any other is shown as the API wrote it. */
const serverKeys: Record<string, string> = {
  'is required': 'validation.required',
  'already in use': 'validation.alreadyInUse',
  'not allowed': 'validation.notAllowed',
  'not found': 'validation.notFound',
  'is incorrect': 'validation.incorrect',
  'must differ from the current password': 'validation.mustDifferFromCurrent',
};

export function problemText(problem: FieldProblem, t: TFunction): string {
  if ('server' in problem) {
    const key = serverKeys[problem.server];
    return key ? t(key) : problem.server;
  }
  return problem.rule === 'minLength' ? t(ruleKeys.minLength, { count: problem.min }) : t(ruleKeys[problem.rule]);
}
