import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { ApiError } from '../../../http/api-error';
import { packageError } from './qti-errors';

/** What a package may hold at most: beyond it, nothing is read and the import is refused. */
export const packageLimits = {
  /** The zip as sent (the route's body limit). */
  zipBytes: 20 * 1024 * 1024,
  entries: 2000,
  /** One XML file once inflated, as its entry declares and as yauzl checks while inflating. */
  xmlBytes: 5 * 1024 * 1024,
  /** Every XML file read, inflated. */
  totalXmlBytes: 50 * 1024 * 1024,
} as const;

/** The XML files of a package by their path in it (`items/q1.xml`), read as UTF-8. */
export type PackageFiles = Map<string, string>;

/**
 * Reads the XML files of a zip, in memory, refusing (400) what a hostile package would use: a file that is not a zip,
 * names that leave the package (`../`, absolute, backslashes), duplicate names, encrypted entries, too many entries,
 * and XML that inflates beyond its declared size or past the limits (zip bombs: yauzl checks every inflated stream
 * against its entry's declared size). Other files (images, stylesheets) are listed, never inflated.
 */
export async function readPackage(zip: Buffer): Promise<{ xml: PackageFiles; others: Set<string> }> {
  let archive: yauzl.ZipFile;
  try {
    archive = await yauzl.fromBufferPromise(zip, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw packageError('QTI_NOT_A_ZIP', 'The package is not a zip file');
  }
  const xml: PackageFiles = new Map();
  const others = new Set<string>();
  let totalXml = 0;
  try {
    if (archive.entryCount > packageLimits.entries) {
      throw packageError('QTI_TOO_LARGE', `The package holds more than ${packageLimits.entries} files`, { limit: packageLimits.entries });
    }
    for await (const entry of archive.eachEntry()) {
      const name = entry.fileName;
      if (name.endsWith('/')) continue;
      if (name !== posix.normalize(name) || name.startsWith('./')) {
        throw packageError('QTI_UNSAFE_PATH', `The package holds a file whose name is not a plain path: ${name}`, { file: name });
      }
      if (xml.has(name) || others.has(name)) {
        throw packageError('QTI_DUPLICATE_FILE', `The package holds ${name} twice`, { file: name });
      }
      if (!name.toLowerCase().endsWith('.xml')) {
        others.add(name);
        continue;
      }
      if (entry.isEncrypted()) throw packageError('QTI_ENCRYPTED', `${name} is encrypted`, { file: name });
      if (entry.uncompressedSize > packageLimits.xmlBytes || totalXml + entry.uncompressedSize > packageLimits.totalXmlBytes) {
        throw packageError('QTI_TOO_LARGE', `${name} is too large once inflated`, { file: name, limit: packageLimits.xmlBytes });
      }
      totalXml += entry.uncompressedSize;
      xml.set(name, await readText(await archive.openReadStreamPromise(entry), name));
    }
  } catch (error) {
    throw asPackageError(error);
  } finally {
    archive.close();
  }
  return { xml, others };
}

async function readText(stream: Readable, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    // yauzl stops a stream that inflates past its declared size; this bounds it again, whatever the entry says.
    if (size > packageLimits.xmlBytes) {
      stream.destroy();
      throw packageError('QTI_TOO_LARGE', `${name} is too large once inflated`, { file: name, limit: packageLimits.xmlBytes });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** yauzl's refusals (names, sizes, corrupt data) as 400s; ours pass as they are. */
function asPackageError(error: unknown) {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/invalid relative path|absolute path|invalid characters in fileName/.test(message)) {
    return packageError('QTI_UNSAFE_PATH', 'The package holds a file whose name leaves the package (../, an absolute path or a backslash)');
  }
  if (/too many bytes in the stream|expected \d+ bytes/i.test(message)) {
    return packageError('QTI_TOO_LARGE', 'A file of the package inflates to another size than it declares');
  }
  return packageError('QTI_BROKEN_ZIP', 'The zip file is damaged or uses a format that cannot be read');
}

/**
 * The path in the package a reference of one of its files names (`href`, relative to that file), or null for a URL
 * (a file outside the package, which is not fetched). A reference that leaves the package (`../`, an absolute path, a
 * backslash) is a hostile package: 400.
 */
export function packagePath(from: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(href.split('#')[0]!.split('?')[0]!);
  } catch {
    decoded = href;
  }
  const joined = posix.normalize(posix.join(posix.dirname(from), decoded));
  if (decoded.startsWith('/') || decoded.includes('\\') || joined === '..' || joined.startsWith('../')) {
    throw packageError('QTI_UNSAFE_PATH', `${from} refers to ${href}, which leaves the package`, { file: from });
  }
  return joined;
}

/** Every file of an exported package bears this time, so that the same quiz exports the same bytes. */
const fixedTime = new Date(Date.UTC(2020, 0, 1));

/** A zip of the given files, in order (yazl), as one buffer. */
export async function writePackage(files: { path: string; text: string }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(Buffer.from(file.text, 'utf8'), file.path, { mtime: fixedTime });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
