import { deflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { App } from '../../../server/app';
import { bearer } from './harness';

/** The files of a zip (yauzl), as text. */
export async function unzip(zip: Buffer): Promise<Map<string, string>> {
  const archive = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const files = new Map<string, string>();
  for await (const entry of archive.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of (await archive.openReadStreamPromise(entry)) as AsyncIterable<Buffer>) chunks.push(chunk);
    files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
  }
  archive.close();
  return files;
}

/** A zip of the given files (yazl), the same bytes for the same files. */
export async function zip(files: Record<string, string | Buffer>): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  const mtime = new Date(Date.UTC(2024, 0, 1));
  for (const [name, data] of Object.entries(files))
    archive.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'), name, { mtime });
  archive.end();
  const chunks: Buffer[] = [];
  for await (const chunk of archive.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * A zip yazl would refuse to write: one deflated entry whose name and declared size are written as given (a name
 * leaving the package, a size that lies about what it inflates to), built byte by byte after the ZIP format.
 */
export function rawZip(name: string, content: Buffer, declaredSize = content.length): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const data = deflateRawSync(content);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0800, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const centralOffset = local.length + nameBytes.length + data.length;
  const centralSize = central.length + nameBytes.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export function importQti(
  app: App,
  token: string,
  body: Buffer | string,
  contentType = 'application/zip',
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/quizzes/qti',
    headers: { ...bearer(token), 'content-type': contentType, ...headers },
    payload: body,
  });
}

export const qtiNamespace = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
export const manifestNamespace = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';

/** A manifest listing the given items (and a test, when given) as QTI 3.0 resources. */
export function manifestOf(items: { identifier: string; href: string }[], test?: string) {
  const resources = items
    .map(
      (item) =>
        `<resource identifier="${item.identifier}" type="imsqti_item_xmlv3p0" href="${item.href}"><file href="${item.href}"/></resource>`,
    )
    .join('');
  const testResource = test
    ? `<resource identifier="TEST" type="imsqti_test_xmlv3p0" href="${test}"><file href="${test}"/></resource>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="${manifestNamespace}" identifier="M"><metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>
<organizations/><resources>${testResource}${resources}</resources></manifest>`;
}

/** A QTI 3.0 package of one true/false item, whose test is titled `title` (the quiz it imports as). */
export function packageTitled(title: string) {
  const item = `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="${qtiNamespace}" identifier="TF" title="TF" adaptive="false" time-dependent="false">
<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>TRUE</qti-value></qti-correct-response></qti-response-declaration>
<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>1</qti-value></qti-default-value></qti-outcome-declaration>
<qti-item-body><p>Is it?</p><qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-simple-choice identifier="TRUE">True</qti-simple-choice><qti-simple-choice identifier="FALSE">False</qti-simple-choice></qti-choice-interaction></qti-item-body>
</qti-assessment-item>`;
  const test = `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-test xmlns="${qtiNamespace}" identifier="T" title="${title}"><qti-test-part identifier="P" navigation-mode="linear" submission-mode="individual">
<qti-assessment-section identifier="S" title="S" visible="true"><qti-assessment-item-ref identifier="TF" href="items/tf.xml"/></qti-assessment-section></qti-test-part></qti-assessment-test>`;
  return zip({
    'imsmanifest.xml': manifestOf([{ identifier: 'TF', href: 'items/tf.xml' }], 'test.xml'),
    'test.xml': test,
    'items/tf.xml': item,
  });
}
