import type { Credentials } from '../../domain/session';

export type CredentialErrors = Partial<Record<keyof Credentials, 'validation.required' | 'validation.invalidEmail'>>;

/** The rule browsers apply to `<input type="email">` (WHATWG HTML). */
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validateCredentials({ email, password }: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  if (!email.trim()) errors.email = 'validation.required';
  else if (!emailPattern.test(email.trim())) errors.email = 'validation.invalidEmail';
  if (!password) errors.password = 'validation.required';
  return errors;
}
