import { expect, test } from 'vitest';
import { startSuiteFile, suiteFileMap, whenSuiteFileEnds } from './suiteFileState.ts';

test('a new suite file starts with every file map empty and the last file\'s observers stopped, once', () => {
  const sessions = suiteFileMap<string, number>();
  const logs = suiteFileMap<string, string[]>();
  sessions.set('reference', 1);
  logs.set('reference', ['GET /v2/users/me']);
  const stopped: string[] = [];
  whenSuiteFileEnds(() => stopped.push('first file\'s observer'));

  startSuiteFile();
  expect([sessions.size, logs.size]).toEqual([0, 0]);
  expect(stopped).toEqual(['first file\'s observer']);

  // The next file's own state is its own until the file after it starts.
  sessions.set('mock', 2);
  whenSuiteFileEnds(() => stopped.push('second file\'s observer'));
  expect(sessions.get('mock')).toBe(2);
  startSuiteFile();
  expect(sessions.size).toBe(0);
  expect(stopped).toEqual(['first file\'s observer', 'second file\'s observer']);
});
