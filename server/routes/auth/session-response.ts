import type { Static } from 'typebox';
import { vinapseConfigOf, type AuthSession, type Organisation } from '../../auth/auth-session';
import type { IssueVideoToken } from '../../auth/video-token';
import { createSession, findActiveSession } from '../../auth/sessions';
import type { Database } from '../../db/client';
import type { LoginResponse, MeResponse } from '../../../contract/session.schemas';

const namedRef = (organisation: Organisation | null) => (organisation ? { id: organisation.id, name: organisation.name } : null);

/** `videoServiceUrl`: the video service's URL template (`{tenant}` placeholder), if one is configured. */
export function meResponse(session: AuthSession, videoServiceUrl: string | undefined): Static<typeof MeResponse> {
  return {
    user: session.user,
    tenant: namedRef(session.tenant),
    company: namedRef(session.company),
    vinapseConfig: vinapseConfigOf(session, videoServiceUrl),
    assumedBy: session.assumedBy,
  };
}

export async function videoTokenFor(session: AuthSession, issueVideoToken: IssueVideoToken) {
  const { enabled, tenantId, courseId } = vinapseConfigOf(session);
  if (!enabled || tenantId === null) return null;
  return issueVideoToken({
    userId: session.user.id,
    tenant: tenantId,
    course: courseId,
    owner: session.user.tenantId,
    sessionId: session.sessionId,
  });
}

export async function loginResponse(
  session: AuthSession,
  token: string,
  issueVideoToken: IssueVideoToken,
  videoServiceUrl: string | undefined,
): Promise<Static<typeof LoginResponse>> {
  return { token, ...meResponse(session, videoServiceUrl), jwtTokens: { vinapse: await videoTokenFor(session, issueVideoToken) } };
}

/** A new session of the user (for an assumed one: the tenant, and the GLOBAL session it is assumed from), read back. */
export async function openSession(
  db: Database,
  ttlHours: number,
  userId: string,
  assumedTenantId: string | null,
  assumedFromSessionId: string | null = null,
) {
  const token = await createSession(db, { userId, assumedTenantId, assumedFromSessionId, ttlHours });
  const session = await findActiveSession(db, token);
  if (!session) throw new Error('A new session could not be read back');
  return { token, session };
}
