import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { ConsoleReporter } from './ConsoleReporter.ts';

function sink(isTTY: boolean): Writable & { isTTY: boolean; text: string } {
  const out = new Writable({
    write(chunk, _encoding, done) {
      out.text += String(chunk);
      done();
    },
  }) as Writable & { isTTY: boolean; text: string };
  out.text = '';
  out.isTTY = isTTY;
  return out;
}

describe('ConsoleReporter progress', () => {
  test('on a terminal: one line, replaced by the next and cleared before other output', () => {
    const out = sink(true);
    const reporter = new ConsoleReporter(out);
    reporter.progress('FS-FUZZ-NO-5XX fetchPage: 10/200');
    reporter.progress('FS-FUZZ-NO-5XX fetchPage: 20/200');
    reporter.start('done');
    expect(out.text.split('\r\u001b[2K')).toHaveLength(4);
    expect(out.text).toMatch(/conform: done(\u001b\[\d+m)?\n$/);
    expect(out.text).not.toMatch(/10\/200\n/);
  });

  test('not on a terminal (CI logs, pipes): nothing', () => {
    const out = sink(false);
    new ConsoleReporter(out).progress('FS-FUZZ-NO-5XX fetchPage: 10/200');
    expect(out.text).toBe('');
  });
});
