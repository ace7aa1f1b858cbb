import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { writeToReader } from './writeToReader.ts';

/** A stream whose writes end as `fail` says: with no error, or with one of that code. */
function stream(fail?: string): Writable & { text: string } {
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (fail) return done(Object.assign(new Error(fail), { code: fail }));
      out.text += chunk.toString();
      done();
    },
  }) as Writable & { text: string };
  out.text = '';
  return out;
}

describe('writeToReader', () => {
  test('true once the text is handed over', async () => {
    const out = stream();
    expect(await writeToReader(out, 'one\n')).toBe(true);
    expect(out.text).toBe('one\n');
  });

  test('false, and no error left unheard, when the reader has gone away (EPIPE)', async () => {
    const out = stream('EPIPE');
    expect(await writeToReader(out, 'lost\n')).toBe(false);
    expect(out.listenerCount('error')).toBe(0);
  });

  test('any other failure is thrown', async () => {
    await expect(writeToReader(stream('ENOSPC'), 'x')).rejects.toThrow('ENOSPC');
  });
});
