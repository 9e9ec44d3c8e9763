import type { Scope } from '../../contract/values';
import { forbidden } from '../http/api-error';
import type { AuthSession } from './auth-session';

export function requireScope(session: AuthSession, ...allowed: Scope[]) {
  if (!allowed.includes(session.user.scope)) throw forbidden();
}
