export type Scope = 'GLOBAL' | 'TENANT' | 'COMPANY';

export const scopes: readonly Scope[] = ['GLOBAL', 'TENANT', 'COMPANY'];

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  surname: string;
  scope: Scope;
  admin: boolean;
  tenantId: string | null;
  companyId: string | null;
}

export interface NamedRef {
  id: string;
  name: string;
}

export interface VinapseConfig {
  enabled: boolean;
  tenantId: string | null;
  courseId: string | null;
  /** The video service's base URL for this session's video tenant; absent from sessions stored before it existed. */
  serviceUrl?: string | null;
}

export interface VinapseToken {
  token: string;
  /** ISO 8601. */
  expiresAt: string;
}

export interface JwtTokens {
  vinapse: VinapseToken | null;
}

export interface AssumedBy {
  id: string;
  name: string;
  email: string;
}

export interface LoginResponse {
  token: string;
  user: SessionUser;
  tenant: NamedRef | null;
  company: NamedRef | null;
  vinapseConfig: VinapseConfig;
  jwtTokens: JwtTokens;
  assumedBy: AssumedBy | null;
}

export type MeResponse = Omit<LoginResponse, 'token' | 'jwtTokens'>;

/** What the browser keeps as `session_state`: the login answer less the token. */
export type SessionState = Omit<LoginResponse, 'token'>;

export interface StoredSession {
  token: string;
  state: SessionState;
}

/** `PUT users/me`: the signed-in user's own name (answered with the {@link MeResponse} after the change). */
export interface ProfileChange {
  name: string;
  surname: string;
}

/** `PUT users/me/password`. */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export interface Credentials {
  email: string;
  password: string;
}
