import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { NoAnswer } from './NoAnswer.ts';
import { SilentTargets } from './SilentTargets.ts';

// Two records sharing a directory stand for two suite files of one run, each in its own process.
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'conform-silent-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const timedOut = new NoAnswer('no answer within 30 s', { bounded: true });
const shared = () => {
  const record = new SilentTargets();
  record.share(dir);
  return record;
};

describe('SilentTargets shared by the processes of a run', () => {
  test('an origin one process gave up on is given up on at once by the next, with the history in its reason', () => {
    const first = shared();
    for (let i = 0; i < 2; i++) first.failed('http://127.0.0.1:4000/a', timedOut);
    const next = shared();
    expect(next.givenUp('http://127.0.0.1:4000/b')?.message).toBe('not sent: none of the 2 requests to http://127.0.0.1:4000 so far got a complete answer (the last: no answer within 30 s)');
    // Another origin is not concerned.
    expect(next.givenUp('http://127.0.0.1:4001/a')).toBeUndefined();
  });

  test('failures add up across processes', () => {
    const first = shared();
    const next = shared();
    first.failed('http://127.0.0.1:4000/a', timedOut);
    expect(next.givenUp('http://127.0.0.1:4000/')).toBeUndefined();
    next.failed('http://127.0.0.1:4000/a', new NoAnswer('the body exceeded 64 MiB', { bounded: true }));
    expect(first.givenUp('http://127.0.0.1:4000/')?.message).toMatch(/^not sent: none of the 2 requests .*\(the last: the body exceeded 64 MiB\)$/);
  });

  test('an origin that answered in one process is never given up on in another', () => {
    const first = shared();
    const next = shared();
    first.answered('http://127.0.0.1:4000/ok');
    for (let i = 0; i < 4; i++) next.failed('http://127.0.0.1:4000/slow', timedOut);
    expect(next.givenUp('http://127.0.0.1:4000/slow')).toBeUndefined();
    expect(first.givenUp('http://127.0.0.1:4000/slow')).toBeUndefined();
  });

  test('failures the bounds did not cause (a refused connection, a cancelled request) do not count', () => {
    const first = shared();
    for (let i = 0; i < 4; i++) first.failed('http://127.0.0.1:4000/', new NoAnswer('the request was cancelled before a complete answer came'));
    expect(shared().givenUp('http://127.0.0.1:4000/')).toBeUndefined();
  });

  test('without a shared directory, or once it is gone, each process keeps its own record', () => {
    const alone = new SilentTargets();
    for (let i = 0; i < 2; i++) alone.failed('http://127.0.0.1:4000/', timedOut);
    expect(new SilentTargets().givenUp('http://127.0.0.1:4000/')).toBeUndefined();
    expect(alone.givenUp('http://127.0.0.1:4000/')).toBeInstanceOf(NoAnswer);
    const orphan = shared();
    rmSync(dir, { recursive: true, force: true });
    for (let i = 0; i < 2; i++) orphan.failed('http://127.0.0.1:4000/', timedOut);
    expect(orphan.givenUp('http://127.0.0.1:4000/')?.message).toMatch(/none of the 2 requests/);
  });
});

describe('requests side by side to an origin that has not answered yet', () => {
  test('go one at a time until it answers, then all at once; once it is given up on, the waiting ones are refused', async () => {
    const silent = new SilentTargets();
    const url = 'http://127.0.0.1:4000/a';
    const started: number[] = [];
    // Three checks side by side ask for their turn; each, once it has it, records that it started.
    const turns = [0, 1, 2].map((i) => silent.turn(url).then((settle) => (started.push(i), settle)));
    const first = await turns[0]!;
    await Promise.resolve();
    expect(started).toEqual([0]);
    silent.failed(url, timedOut);
    first();
    const second = await turns[1]!;
    expect(started).toEqual([0, 1]);
    silent.failed(url, timedOut);
    second();
    // Two ran into the deadline: the third never goes.
    await expect(turns[2]).rejects.toThrow(/not sent: none of the 2 requests/);

    const answering = new SilentTargets();
    const one = await answering.turn('http://127.0.0.1:4001/');
    const waiting = [answering.turn('http://127.0.0.1:4001/x'), answering.turn('http://127.0.0.1:4001/y')];
    answering.answered('http://127.0.0.1:4001/');
    one();
    // Both go together once the origin has answered: neither waits on the other.
    await expect(Promise.all(waiting)).resolves.toHaveLength(2);
    await expect(answering.turn('http://127.0.0.1:4001/z')).resolves.toBeTypeOf('function');
  });
});
