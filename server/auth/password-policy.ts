import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordRules } from '../../contract/users.schemas';
import { invalidField } from '../http/api-error';

/**
 * The rules of a new password, wherever one is set (a user's form, one's own settings, a reset link, an invitation),
 * after the schema's length (`passwordRules`: 8 to 1024 characters, NIST SP 800-63B):
 * - not one of the 49 233 most common passwords of zxcvbn-ts's list (`@zxcvbn-ts/language-common`, MIT licence;
 *   compared without case: `Password1` is `password1`);
 * - not the account's own email address, nor the part before its `@`.
 */
const commonPasswords: ReadonlySet<string> = new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));

export type PasswordProblem = 'common' | 'email';

export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return 'common';
  if (email) {
    const address = email.trim().toLowerCase();
    const local = address.split('@')[0] ?? '';
    if (lower === address || lower === local) return 'email';
  }
  return null;
}

const messages: Record<PasswordProblem, string> = {
  common: 'is too common: choose one that is harder to guess',
  email: 'must not be the email address',
};

/** Throws 400 on `field` when the password breaks a rule. */
export function checkNewPassword(field: string, password: string, email?: string) {
  if (password.length < passwordRules.minLength) return;
  const problem = passwordProblem(password, email);
  if (problem) throw invalidField(field, problem === 'common' ? 'commonPassword' : 'isEmail', messages[problem]);
}
