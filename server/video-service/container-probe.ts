import { open } from 'node:fs/promises';

const signatures: { offset: number; bytes: Buffer }[] = [
  { offset: 4, bytes: Buffer.from('ftyp') }, // MP4, QuickTime: the first box is `ftyp`
  { offset: 0, bytes: Buffer.from([0x1a, 0x45, 0xdf, 0xa3]) }, // WebM, Matroska: EBML header
  { offset: 0, bytes: Buffer.from('OggS') }, // Ogg page
];

/** Whether the file starts like a video container this service can serve. */
export async function hasVideoContainer(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0);
    const head = buffer.subarray(0, bytesRead);
    return signatures.some(({ offset, bytes }) => head.subarray(offset, offset + bytes.length).equals(bytes));
  } finally {
    await handle.close();
  }
}
