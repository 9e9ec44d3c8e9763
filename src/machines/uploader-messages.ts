/**
 * What the uploader frame may tell the console, as the wizard receives it: a video uploaded (`update`), back to the
 * contents (`reload`), another height for the frame (`resize`). The video service's protocol names them without the
 * `uploader.` prefix.
 */
export type UploaderEvent =
  { type: 'uploader.update'; uuid: string } | { type: 'uploader.reload' } | { type: 'uploader.resize'; height: number; force?: boolean };

/** A plain object, as the structured clone of `postMessage` makes them: nothing inherited is read. */
const isRecord = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

const hasOnlyKeys = (value: Record<string, unknown>, allowed: readonly string[]) =>
  Object.keys(value).every((key) => allowed.includes(key));

/**
 * A message from `origin` as the uploader protocol has it, or null: another origin, another type, a field of the
 * wrong type or a field the protocol does not have, and the message is not the uploader's.
 */
export function readUploaderMessage(origin: string, data: unknown, expectedOrigin: string | null): UploaderEvent | null {
  // A message's origin is a string: with no service origin known (null) it never matches, and nothing is read.
  if (origin !== expectedOrigin || !isRecord(data)) return null;
  if (data.type === 'update') {
    return hasOnlyKeys(data, ['type', 'uuid']) && typeof data.uuid === 'string' && data.uuid.trim() !== ''
      ? { type: 'uploader.update', uuid: data.uuid }
      : null;
  }
  if (data.type === 'reload') return hasOnlyKeys(data, ['type']) ? { type: 'uploader.reload' } : null;
  if (data.type === 'resize') {
    const { height, force } = data;
    if (!hasOnlyKeys(data, ['type', 'height', 'force']) || typeof height !== 'number' || !Number.isFinite(height)) return null;
    if (force !== undefined && typeof force !== 'boolean') return null;
    return force === undefined ? { type: 'uploader.resize', height } : { type: 'uploader.resize', height, force };
  }
  return null;
}
