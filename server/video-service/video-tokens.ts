import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { consoleApiAudience, videoServiceAudience, videoServiceIssuer } from '../../contract/video-tokens';
import { ServiceError } from './service-error';

const mediaAudience = 'video-media';
const mediaTokenLifetime = '4h';
const callbackTokenLifetime = '2m';

/**
 * Who presents a token: the console's user, acting for a video tenant and a course (a company), or for no course;
 * `owner` is the tenant (its id) the video tenant belongs to, `sessionId` the console session the token came from.
 */
export interface Viewer {
  userId: string;
  tenant: string;
  course: string | null;
  owner: string | null;
  sessionId: string;
}

/** Whether the console session behind a token is open (`session-status.ts`): throws when it is not. */
export type RequireOpenSession = (question: { sessionId: string; tenant: string; course: string | null }, reuse?: boolean) => Promise<void>;

export function videoTokens(sharedSecret: string, requireOpenSession: RequireOpenSession) {
  const secret = new TextEncoder().encode(sharedSecret);

  async function verifiedPayload(token: string, audiences: string[]): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, secret, { audience: audiences, algorithms: ['HS256'], requiredClaims: ['exp'] });
      return payload;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new ServiceError(401, 'tokenExpired');
      throw new ServiceError(401, 'tokenInvalid');
    }
  }

  return {
    /**
     * Checks a token of the console (audience `video-service`) against the tenant of the address, or, when `video`
     * is given, also a media token this service issued for that video.
     */
    async verify(token: string | undefined, tenant: string | null, video?: string): Promise<Viewer> {
      if (tenant === null) throw new ServiceError(400, 'noTenant');
      if (!token) throw new ServiceError(401, 'tokenMissing');
      const payload = await verifiedPayload(token, video ? [videoServiceAudience, mediaAudience] : [videoServiceAudience]);
      const isMediaToken = ([] as string[]).concat(payload.aud ?? []).includes(mediaAudience);
      const { sub, tenant: claimedTenant, course, owner, sid } = payload;
      if (
        typeof sub !== 'string' ||
        typeof claimedTenant !== 'string' ||
        (course !== null && typeof course !== 'string') ||
        (owner !== undefined && owner !== null && typeof owner !== 'string') ||
        typeof sid !== 'string' ||
        sid === ''
      ) {
        throw new ServiceError(401, 'tokenInvalid');
      }
      if (isMediaToken && payload.video !== video) throw new ServiceError(401, 'tokenInvalid');
      if (claimedTenant.toLowerCase() !== tenant) throw new ServiceError(403, 'wrongTenant');
      const viewer: Viewer = { userId: sub, tenant, course: course ?? null, owner: owner ?? null, sessionId: sid };
      // A token outlives a logout: the session behind it must still be open (and still have this tenant and course).
      await requireOpenSession({ sessionId: sid, tenant, course: viewer.course }, isMediaToken);
      return viewer;
    },

    /** A token for the `<video>` of the player page: bound to one video, and long enough to watch it. */
    mediaToken(viewer: Viewer, video: string): Promise<string> {
      return new SignJWT({ tenant: viewer.tenant, course: viewer.course, owner: viewer.owner, sid: viewer.sessionId, video })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(mediaAudience)
        .setIssuer(videoServiceIssuer)
        .setSubject(viewer.userId)
        .setIssuedAt()
        .setExpirationTime(mediaTokenLifetime)
        .sign(secret);
    },
    ...serviceTokenSigner(sharedSecret),
  };
}

/** The service's own tokens towards the console API (audience `console-api`), signed with the shared secret. */
export function serviceTokenSigner(sharedSecret: string) {
  const secret = new TextEncoder().encode(sharedSecret);
  return {
    /**
     * The service's own identity towards the console API, speaking for one video tenant and, when it reports on a
     * video, for the course (company) and owning tenant the video was uploaded for.
     */
    callbackToken(tenant: string, video?: { course: string; owner: string | null }): Promise<string> {
      return new SignJWT({ tenant, ...(video && { course: video.course, owner: video.owner }) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(consoleApiAudience)
        .setIssuer(videoServiceIssuer)
        .setSubject(videoServiceIssuer)
        .setIssuedAt()
        .setExpirationTime(callbackTokenLifetime)
        .sign(secret);
    },
  };
}

export type VideoTokens = ReturnType<typeof videoTokens>;

/** Whether the viewer may see a video: a video stored for an owning tenant is that tenant's alone. */
export function requireOwner(viewer: Viewer, record: { owner?: string | null }) {
  if (record.owner && record.owner !== viewer.owner) throw new ServiceError(404, 'notFound');
}

/** The course the viewer acts for, when it is `course`. */
export function requireCourse(viewer: Viewer, course: string | undefined): string {
  if (viewer.course === null || viewer.course !== course) throw new ServiceError(403, 'wrongCourse');
  return viewer.course;
}
