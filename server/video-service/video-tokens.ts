import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { consoleApiAudience, videoServiceAudience, videoServiceIssuer } from '../../contract/video-tokens';
import { ServiceError } from './service-error';

const mediaAudience = 'video-media';
const mediaTokenLifetime = '4h';
const callbackTokenLifetime = '2m';

/** Who presents a token: the console's user, acting for a video tenant and a course (a company), or for no course. */
export interface Viewer {
  userId: string;
  tenant: string;
  course: string | null;
}

export function videoTokens(sharedSecret: string) {
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
      const { sub, tenant: claimedTenant, course } = payload;
      if (typeof sub !== 'string' || typeof claimedTenant !== 'string' || (course !== null && typeof course !== 'string')) {
        throw new ServiceError(401, 'tokenInvalid');
      }
      if (isMediaToken && payload.video !== video) throw new ServiceError(401, 'tokenInvalid');
      if (claimedTenant.toLowerCase() !== tenant) throw new ServiceError(403, 'wrongTenant');
      return { userId: sub, tenant, course: course ?? null };
    },

    /** A token for the `<video>` of the player page: bound to one video, and long enough to watch it. */
    mediaToken(viewer: Viewer, video: string): Promise<string> {
      return new SignJWT({ tenant: viewer.tenant, course: viewer.course, video })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(mediaAudience)
        .setIssuer(videoServiceIssuer)
        .setSubject(viewer.userId)
        .setIssuedAt()
        .setExpirationTime(mediaTokenLifetime)
        .sign(secret);
    },

    /** The service's own identity towards the console API, speaking for one video tenant. */
    callbackToken(tenant: string): Promise<string> {
      return new SignJWT({ tenant })
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

/** The course the viewer acts for, when it is `course`. */
export function requireCourse(viewer: Viewer, course: string | undefined): string {
  if (viewer.course === null || viewer.course !== course) throw new ServiceError(403, 'wrongCourse');
  return viewer.course;
}
