import { expect, test } from 'vitest';
import { mergeRedactor } from './mergeShards.ts';

test("a merge takes out the secrets held in the variables the shards read them from, and in the usual ones", () => {
  const env = { STAGING_SVC_API_KEY: 'staging-key-0123', SVC_API_KEY: 'usual-key-0123', MEETING_CLIENT_SECRET: 'usual-secret-0123', OTHER: 'not-a-secret-0123' };
  const redactor = mergeRedactor([{ secretVariables: ['STAGING_SVC_API_KEY'] }, {}], env);
  expect(redactor.redact('staging-key-0123 usual-key-0123 usual-secret-0123 not-a-secret-0123')).toBe('$STAGING_SVC_API_KEY $SVC_API_KEY $MEETING_CLIENT_SECRET not-a-secret-0123');
});
