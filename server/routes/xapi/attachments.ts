import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { compactVerify, decodeProtectedHeader, importX509 } from 'jose';
import stringify from 'safe-stable-stringify';
import { contextActivitiesAsArrays, StatementError, type PreparedStatement } from './statements';

/**
 * Statement attachments (xAPI 1.0.3, Data 2.4.11, Communication 1.5.2, Data 2.6): a statement write may come as
 * multipart/mixed, its statements as the first part (application/json) and each attachment's bytes as a further part
 * (`Content-Transfer-Encoding: binary`, `X-Experience-API-Hash` its SHA-2). The parts are read by Dicer, the multipart
 * parser of `@fastify/busboy`; everything is checked before anything is written: a part nobody declared, a declared
 * attachment without `fileUrl` and without its part, a hash that does not match, a signature that is not a JWS of the
 * statement with RS256/384/512: 400.
 */
export const attachmentLimits = { bodyBytes: 8 * 1024 * 1024, parts: 100, headerPairs: 20 } as const;

export const signatureUsage = 'http://adlnet.gov/expapi/attachments/signature';

interface DicerPart {
  on(event: 'header', listener: (header: Record<string, string[]>) => void): this;
  on(event: 'data', listener: (chunk: Buffer) => void): this;
  on(event: 'end' | 'error', listener: (error?: Error) => void): this;
}
type DicerStream = Writable & { on(event: 'part', listener: (part: DicerPart) => void): DicerStream };
type DicerConstructor = new (config: { boundary: string; maxHeaderPairs?: number }) => DicerStream;
// The package's own typings describe an ES export its CommonJS file does not make: loaded with require.
const Dicer = createRequire(import.meta.url)('@fastify/busboy/deps/dicer/lib/Dicer') as DicerConstructor;

export interface AttachmentPart {
  contentType: string;
  hash: string;
  content: Buffer;
}

/** A multipart/mixed body as the content-type parser hands it over: read by `readMultipart`. */
export class MultipartBody {
  constructor(
    readonly contentType: string,
    readonly bytes: Buffer,
  ) {}
}

const header = (headers: Record<string, string[]>, name: string) => headers[name]?.[0]?.trim();

/** The boundary of a multipart/mixed Content-Type, else a reason. */
function boundaryOf(contentType: string): string {
  if (!/^multipart\/mixed\s*(;|$)/i.test(contentType)) throw new StatementError('Statements come as application/json or multipart/mixed');
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new StatementError('multipart/mixed needs a boundary');
  return boundary;
}

/** Splits a multipart/mixed body into its statements (the first part, JSON) and its attachment parts. */
export async function readMultipart(body: MultipartBody): Promise<{ statements: unknown; parts: AttachmentPart[] }> {
  const boundary = boundaryOf(body.contentType);
  const raw = await new Promise<Array<{ headers: Record<string, string[]>; content: Buffer }>>((resolve, reject) => {
    const parts: Array<{ headers: Record<string, string[]>; chunks: Buffer[] }> = [];
    const dicer = new Dicer({ boundary, maxHeaderPairs: attachmentLimits.headerPairs });
    let failed = false;
    const fail = (reason: string) => {
      if (failed) return;
      failed = true;
      reject(new StatementError(reason));
    };
    dicer.on('part', (part) => {
      if (parts.length >= attachmentLimits.parts + 1) return fail(`A request holds at most ${attachmentLimits.parts} attachments`);
      const entry = { headers: {} as Record<string, string[]>, chunks: [] as Buffer[] };
      parts.push(entry);
      part.on('header', (headers) => (entry.headers = headers));
      part.on('data', (chunk) => entry.chunks.push(chunk));
      part.on('error', () => fail('A part of the multipart body is malformed'));
    });
    dicer.on('error', () => fail('The multipart body is malformed'));
    dicer.on('finish', () => {
      if (failed) return;
      if (parts.length === 0) return fail('The multipart body holds no part (is its boundary the one of the Content-Type?)');
      resolve(parts.map((part) => ({ headers: part.headers, content: Buffer.concat(part.chunks) })));
    });
    dicer.end(body.bytes);
  });
  const [first, ...rest] = raw;
  if (!/^application\/json\s*(;|$)/i.test(header(first!.headers, 'content-type') ?? '')) {
    throw new StatementError('The first part of a multipart body must be the statements, as application/json');
  }
  let statements: unknown;
  try {
    statements = JSON.parse(first!.content.toString('utf8'));
  } catch {
    throw new StatementError('The first part of the multipart body is not JSON');
  }
  const parts = rest.map((part, index) => {
    const hash = header(part.headers, 'x-experience-api-hash');
    if (!hash) throw new StatementError(`Part ${index + 2} has no X-Experience-API-Hash`);
    if (!/^[0-9a-f]{64,128}$/i.test(hash)) throw new StatementError(`Part ${index + 2}'s X-Experience-API-Hash is not a SHA-2 hash`);
    if (header(part.headers, 'content-transfer-encoding')?.toLowerCase() !== 'binary') {
      throw new StatementError(`Part ${index + 2} must have Content-Transfer-Encoding: binary`);
    }
    const contentType = header(part.headers, 'content-type') ?? 'application/octet-stream';
    // Answered again as a header: printable ASCII only.
    if (!/^[\x20-\x7e]{1,255}$/.test(contentType)) throw new StatementError(`Part ${index + 2}'s Content-Type is invalid`);
    return { contentType, hash: hash.toLowerCase(), content: part.content };
  });
  return { statements, parts };
}

const hashAlgorithms: Record<number, string> = { 64: 'sha256', 96: 'sha384', 128: 'sha512' };

/** The hash of a content by the SHA-2 its declared hex length says (224 is not offered: no client uses it). */
const sha2Of = (hash: string, content: Buffer) => {
  const algorithm = hashAlgorithms[hash.length];
  return algorithm ? createHash(algorithm).update(content).digest('hex') : null;
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The statement a signature must carry: the statement without its attachments and what the LRS sets. */
const signedContent = (statement: Json) => {
  const {
    attachments: _attachments,
    authority: _authority,
    stored: _stored,
    version: _version,
    ...rest
  } = contextActivitiesAsArrays(statement);
  return rest;
};

/**
 * Checks a signature part (Data 2.6): a JWS in compact form, signed with RS256, RS384 or RS512, whose payload is the
 * statement as sent (without its attachments); when its header carries the signer's certificate (`x5c`), the
 * signature is verified with it.
 */
async function checkSignature(jws: string, statement: PreparedStatement, where: string) {
  const pieces = jws.trim().split('.');
  if (pieces.length !== 3) throw new StatementError(`${where}the signature is not a JWS in compact form`);
  let protectedHeader: ReturnType<typeof decodeProtectedHeader>;
  let payload: unknown;
  try {
    protectedHeader = decodeProtectedHeader(jws.trim());
    payload = JSON.parse(Buffer.from(pieces[1]!, 'base64url').toString('utf8'));
  } catch {
    throw new StatementError(`${where}the signature's header or payload is not JSON`);
  }
  const algorithm = protectedHeader.alg;
  if (algorithm !== 'RS256' && algorithm !== 'RS384' && algorithm !== 'RS512') {
    throw new StatementError(`${where}the signature must use RS256, RS384 or RS512`);
  }
  if (!isObject(payload)) throw new StatementError(`${where}the signature's payload is not a statement`);
  const sent = signedContent(statement.submitted);
  const signed = signedContent(payload.id === undefined ? { ...payload, id: statement.id } : payload);
  if (typeof signed.id === 'string') signed.id = signed.id.toLowerCase();
  if (stringify(sent) !== stringify(signed)) throw new StatementError(`${where}the signature's payload is not the statement`);
  const certificate = protectedHeader.x5c?.[0];
  if (certificate) {
    try {
      const key = await importX509(`-----BEGIN CERTIFICATE-----\n${certificate}\n-----END CERTIFICATE-----`, algorithm);
      await compactVerify(jws.trim(), key, { algorithms: [algorithm] });
    } catch {
      throw new StatementError(`${where}the signature does not verify with its certificate`);
    }
  }
}

/**
 * Matches a batch's declared attachments with the request's parts: each attachment without `fileUrl` must have its
 * part (by SHA-2, the part's bytes hashing to it), each part must be some statement's attachment, and each signature
 * must be a valid JWS of its statement. Answers the contents to store, one per hash.
 */
export async function attachmentsOf(batch: PreparedStatement[], parts: AttachmentPart[]): Promise<AttachmentPart[]> {
  const byHash = new Map<string, AttachmentPart>();
  for (const [index, part] of parts.entries()) {
    if (sha2Of(part.hash, part.content) !== part.hash) {
      throw new StatementError(`Part ${index + 2}'s content does not match its X-Experience-API-Hash`);
    }
    byHash.set(part.hash, part);
  }
  const used = new Set<string>();
  for (const [index, statement] of batch.entries()) {
    const where = batch.length > 1 ? `statement ${index}: ` : '';
    const attachments = Array.isArray(statement.statement.attachments) ? (statement.statement.attachments as Json[]) : [];
    for (const attachment of attachments) {
      const hash = String(attachment.sha2).toLowerCase();
      const part = byHash.get(hash);
      if (attachment.usageType === signatureUsage) {
        if (attachment.contentType !== 'application/octet-stream') {
          throw new StatementError(`${where}a signature attachment's contentType must be application/octet-stream`);
        }
        if (!part) throw new StatementError(`${where}the signature attachment has no part`);
        await checkSignature(part.content.toString('utf8'), statement, where);
      }
      if (part) used.add(hash);
      else if (attachment.fileUrl === undefined) throw new StatementError(`${where}attachment ${hash} has neither a fileUrl nor a part`);
    }
  }
  const extra = parts.find((part) => !used.has(part.hash));
  if (extra) throw new StatementError(`The part with hash ${extra.hash} is no statement's attachment`);
  return [...byHash.values()].filter((part) => used.has(part.hash));
}

/** The SHA-2 hashes of the attachments a list of statements declares. */
export const declaredHashes = (statements: unknown[]) => [
  ...new Set(
    statements.flatMap((statement) =>
      isObject(statement) && Array.isArray(statement.attachments)
        ? statement.attachments.flatMap((attachment: unknown) =>
            isObject(attachment) && typeof attachment.sha2 === 'string' ? [attachment.sha2.toLowerCase()] : [],
          )
        : [],
    ),
  ),
];

/** A multipart/mixed answer: the JSON first, then each attachment's part (Communication 2.1.3, `attachments=true`). */
export function multipartAnswer(json: unknown, attachments: Array<{ sha2: string; contentType: string; content: Buffer }>) {
  const boundary = `xapi-${randomBytes(16).toString('hex')}`;
  const chunks: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(json)}\r\n`)];
  for (const attachment of attachments) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Type: ${attachment.contentType}\r\nContent-Transfer-Encoding: binary\r\n` +
          `X-Experience-API-Hash: ${attachment.sha2}\r\n\r\n`,
      ),
      attachment.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/mixed; boundary=${boundary}`, body: Buffer.concat(chunks) };
}
