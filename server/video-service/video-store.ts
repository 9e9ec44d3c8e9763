import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { finished, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ServiceError, tooLarge } from './service-error';

export type VideoStatus = 'PROCESSING' | 'READY' | 'FAILED';

/** The JSON sidecar next to each stored video. */
export interface VideoRecord {
  id: string;
  tenant: string;
  course: string;
  /** The tenant (its id) the video was uploaded for; absent on records written before it was kept. */
  owner?: string | null;
  title: string;
  originalName: string;
  size: number;
  type: string;
  status: VideoStatus;
  createdAt: string;
  uploadedBy: string;
  /** When the console API acknowledged the final status; null until then. */
  reportedAt: string | null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isVideoId = (value: string) => uuidPattern.test(value);

/** Videos live in `{root}/{tenant}/{id}`, their records in `{root}/{tenant}/{id}.json`. */
export function videoStore(root: string) {
  const videoFile = (tenant: string, id: string) => path.join(root, tenant, id);
  const recordFile = (tenant: string, id: string) => `${videoFile(tenant, id)}.json`;

  async function write(record: VideoRecord) {
    const file = recordFile(record.tenant, record.id);
    await writeFile(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
    await rename(`${file}.tmp`, file);
  }

  async function read(tenant: string, id: string): Promise<VideoRecord | null> {
    if (!isVideoId(id)) return null;
    try {
      return JSON.parse(await readFile(recordFile(tenant, id), 'utf8')) as VideoRecord;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /**
   * Streams an upload to disk under a new id, holding no more than a few chunks in memory. Past `maxBytes`, or when
   * the client goes away, it stops, removes the partial file and fails (413, 400).
   */
  async function receive(source: Readable, tenant: string, maxBytes: number) {
    const id = randomUUID();
    const partFile = `${videoFile(tenant, id)}.part`;
    await mkdir(path.join(root, tenant), { recursive: true });
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) callback(tooLarge(maxBytes));
        else callback(null, chunk);
      },
    });
    // The request is piped rather than given to pipeline(), which would destroy its socket before the 413 is sent.
    source.pipe(limit);
    finished(source, (error) => error && limit.destroy(new ServiceError(400, 'uploadInterrupted')));
    try {
      await pipeline(limit, createWriteStream(partFile, { flags: 'wx' }));
    } catch (error) {
      source.unpipe(limit);
      await rm(partFile, { force: true });
      throw error;
    }
    await rename(partFile, videoFile(tenant, id));
    return { id, size };
  }

  /** Every record, after removing the partial files of uploads that a stop interrupted. */
  async function recover(): Promise<VideoRecord[]> {
    const records: VideoRecord[] = [];
    const tenants = await readdir(root, { withFileTypes: true }).catch(() => []);
    for (const tenant of tenants.filter((entry) => entry.isDirectory())) {
      for (const name of await readdir(path.join(root, tenant.name))) {
        const id = name.slice(0, 36);
        if (name.endsWith('.part') || name.endsWith('.json.tmp')) await rm(path.join(root, tenant.name, name), { force: true });
        else if (name === `${id}.json`) {
          const record = await read(tenant.name, id);
          if (record) records.push(record);
        }
      }
    }
    return records;
  }

  return { videoFile, read, write, receive, recover };
}

export type VideoStore = ReturnType<typeof videoStore>;
