import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secrets of the Learning Record Store's credentials (issue 27). A secret is 32 random bytes the server makes,
 * never chosen by a person: nothing can guess it faster than by trying 2^256 values, so a slow password hash
 * (argon2, scrypt) would protect nothing more and only cost CPU on every xAPI request, which authenticates with it
 * every time (a batch of statements every few seconds per learner app). A fast hash, keyed by the credential's key so
 * that two credentials never share a hash, is what tokens of this kind use (like the session tokens'
 * `hashSessionToken`).
 */
export function hashLrsSecret(key: string, secret: string): string {
  return createHash('sha256').update(`lrs-secret\u0000${key}\u0000${secret}`).digest('base64url');
}

/** Compares in constant time. */
export function lrsSecretMatches(key: string, secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashLrsSecret(key, secret));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** A new key (`lrs_` and 16 random bytes) and secret (32 random bytes), both base64url: no `:` for HTTP Basic. */
export function newLrsCredential() {
  return { key: `lrs_${randomBytes(16).toString('base64url')}`, secret: randomBytes(32).toString('base64url') };
}
