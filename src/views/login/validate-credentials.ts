import { isEmail } from '../../domain/email';
import type { Credentials } from '../../domain/session';

export type CredentialErrors = Partial<Record<keyof Credentials, 'validation.required' | 'validation.invalidEmail'>>;

export function validateCredentials({ email, password }: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  if (!email.trim()) errors.email = 'validation.required';
  else if (!isEmail(email.trim())) errors.email = 'validation.invalidEmail';
  if (!password) errors.password = 'validation.required';
  return errors;
}
