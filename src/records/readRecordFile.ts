import { open } from 'node:fs/promises';

/** Files larger than this are refused unread: a record is kilobytes, and a validator must not choke. */
export const maxRecordBytes = 16 * 1024 * 1024;

/** A record file's parsed JSON value, or the one-line reason it could not be had. */
export type ReadResult = { ok: true; value: unknown } | { ok: false; reason: string };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Turns a file's bytes into its JSON value. A leading UTF-8 byte order mark is skipped (RFC 8259 lets
 * parsers ignore it); anything that is not UTF-8 text holding one JSON value is a reason, not a throw.
 */
export function parseRecordBytes(bytes: Uint8Array): ReadResult {
  if (bytes.byteLength > maxRecordBytes) return { ok: false, reason: tooLarge(bytes.byteLength) };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, reason: 'is not UTF-8 text' };
  }
  if (text.trim() === '') return { ok: false, reason: 'is empty (a record is one JSON object)' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, reason: `is not JSON: ${(err as Error).message.split('\n')[0]}` };
  }
}

/** The reason given for a record of `bytes` bytes, over the limit. */
export function tooLarge(bytes: number): string {
  return `is ${(bytes / 1024 / 1024).toFixed(1)} MiB, over the ${String(maxRecordBytes / 1024 / 1024)} MiB limit for one record`;
}

const reasons: Record<string, string> = {
  ENOENT: 'does not exist',
  EACCES: 'cannot be read (permission denied)',
  EPERM: 'cannot be read (permission denied)',
  EISDIR: 'is a directory, not a record file',
  ELOOP: 'is a symbolic link loop',
  ENAMETOOLONG: 'has a name that is too long',
};

/** Reads and parses one record file; the size is checked before anything is read. */
export async function readRecordFile(path: string): Promise<ReadResult> {
  try {
    const handle = await open(path, 'r');
    try {
      const info = await handle.stat();
      if (info.isDirectory()) return { ok: false, reason: reasons.EISDIR! };
      if (!info.isFile()) return parseRecordBytes(await readCapped(handle.createReadStream({ autoClose: false })));
      if (info.size > maxRecordBytes) return { ok: false, reason: tooLarge(info.size) };
      return parseRecordBytes(await handle.readFile());
    } finally {
      await handle.close();
    }
  } catch (err) {
    return { ok: false, reason: readFailure(err) };
  }
}

/** The one-line reason for an error of the file system (a missing file, no permission, ...). */
export function readFailure(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  return reasons[code] ?? `cannot be read (${code || (err as Error).message})`;
}

/**
 * Collects a stream (stdin, a pipe) up to just over the limit: enough to say it is too large without
 * holding an endless stream in memory.
 */
export async function readCapped(stream: AsyncIterable<Uint8Array | string>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    chunks.push(buffer);
    size += buffer.byteLength;
    if (size > maxRecordBytes) break;
  }
  return Buffer.concat(chunks);
}
