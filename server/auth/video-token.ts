import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Static } from 'typebox';
import type { VideoToken } from '../../contract/session.schemas';
import { videoServiceAudience } from '../../contract/video-tokens';
import type { Database } from '../db/client';
import { appSettings } from '../db/schema';

export const videoTokenLifetimeSeconds = 15 * 60;
const secretSettingKey = 'video_token_secret';

export interface VideoTokenClaims {
  userId: string;
  tenant: string;
  course: string | null;
  /** The tenant (its id) the video tenant belongs to: the video service keeps it with each upload. */
  owner: string | null;
  /** The console session the token is issued to: the video service refuses the token once it has ended. */
  sessionId: string;
}

export type VideoToken = Static<typeof VideoToken>;

export async function loadVideoTokenSecret(db: Database): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key: secretSettingKey, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [setting] = await db.select().from(appSettings).where(eq(appSettings.key, secretSettingKey));
  if (!setting) throw new Error('The video token secret could not be stored');
  return setting.value;
}

/** The shared secret, read once: the configured one, else the one stored in `app_settings`. */
export function videoTokenSecretLoader(db: Database, configuredSecret?: string) {
  let secret: Promise<Uint8Array> | undefined;
  const loadSecret = async () => new TextEncoder().encode(configuredSecret ?? (await loadVideoTokenSecret(db)));

  return function videoTokenSecret(): Promise<Uint8Array> {
    secret ??= loadSecret().catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}

export type VideoTokenSecret = ReturnType<typeof videoTokenSecretLoader>;

export function videoTokenIssuer(secret: VideoTokenSecret) {
  return async function issueVideoToken({ userId, tenant, course, owner, sessionId }: VideoTokenClaims): Promise<VideoToken> {
    const expiresAtSeconds = Math.floor(Date.now() / 1000) + videoTokenLifetimeSeconds;
    const token = await new SignJWT({ tenant, course, owner, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience(videoServiceAudience)
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(expiresAtSeconds)
      .sign(await secret());
    return { token, expiresAt: new Date(expiresAtSeconds * 1000).toISOString() };
  };
}

export type IssueVideoToken = ReturnType<typeof videoTokenIssuer>;
