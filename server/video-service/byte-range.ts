export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The single `bytes=` range of a Range header (RFC 9110 §14.1.2): a range, `unsatisfiable` (416), or null to send the
 * whole representation (no header, another unit, several ranges or bad syntax, which a server may ignore).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffixLength = Number(last);
    return suffixLength === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffixLength), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
