import type { TFunction } from 'i18next';
import type { FileProblem, LocalProblem, RowResult } from '../../machines/user-import-rows';
import { serverProblemText } from '../form/problem-text';

const localKeys: Record<Exclude<LocalProblem['rule'], 'tooLong' | 'duplicate'>, string> = {
  required: 'validation.required',
  email: 'validation.invalidEmail',
  nul: 'validation.nul',
  boolean: 'userImport.reasons.boolean',
  scope: 'userImport.reasons.scope',
};

function localText(problem: LocalProblem, t: TFunction) {
  if (problem.rule === 'tooLong') return t('validation.maxLength', { count: problem.max });
  if (problem.rule === 'duplicate') return t('userImport.reasons.duplicate', { line: problem.firstLine });
  return t(localKeys[problem.rule]);
}

/** Why a row was skipped or failed, in the user's language: the form's rules, the API's codes, a batch not sent. */
export function reasonText(result: RowResult, t: TFunction): string {
  if (result.problem) return localText(result.problem, t);
  if (result.failure) return t('userImport.reasons.notImported');
  if (result.rule === 'duplicate') return t('userImport.reasons.duplicate', { line: result.params?.line ?? '?' });
  if (result.rule === 'ambiguous') return t('userImport.reasons.ambiguous');
  if (result.rule === 'unique') return t('userImport.reasons.exists');
  if (result.rule === 'unavailable') return t('userImport.reasons.unavailable');
  if (result.rule === undefined && result.message === undefined) return '';
  return serverProblemText({ server: result.message ?? '', serverRule: result.rule, params: result.params }, t);
}

/** The field a reason is about, named as the user form names it. */
export const fieldText = (field: string | undefined, t: TFunction) => (field ? t(`fields.${field}`, { defaultValue: field }) : '');

export const fileProblemText = (problem: FileProblem, t: TFunction, line: number | null = null) =>
  t(`userImport.fileProblems.${problem}`, { megabytes: 10, line: line ?? '?' });
