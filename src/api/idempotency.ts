/**
 * A new `Idempotency-Key`: 128 random bits in hex. `crypto.getRandomValues` works on plain http too, where
 * `crypto.randomUUID` does not.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The header of a create sent with a key; none without one. */
export const idempotencyHeaders = (key: string | null | undefined): Record<string, string> => (key ? { 'idempotency-key': key } : {});
