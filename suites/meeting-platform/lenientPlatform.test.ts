// A correct platform that is lenient where the seed leaves the choice open, written apart from the mock:
// `conform run meeting-platform` must pass it (exit 0, every path of the matrix judged), warning only
// where a SHOULD prefers a refusal it does not make.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runConform, type ConformResult } from '../../src/testing/runConform.ts';
import { uncoveredPaths } from '../../src/verdict/uncoveredPaths.ts';
import { startLenientPlatform, type LenientPlatform } from './fixtures/lenientPlatform.ts';

let platform: LenientPlatform;
beforeAll(async () => {
  platform = await startLenientPlatform();
});
afterAll(() => platform.close());

const basic = () => `Basic ${Buffer.from(`${platform.credentials.clientId}:${platform.credentials.clientSecret}`).toString('base64')}`;
const fields = () => ({ grant_type: 'account_credentials', account_id: platform.credentials.accountId });

describe('a lenient but correct meeting platform', () => {
  test('is lenient where the mock is not: the token fields from a JSON body, the query string, a form under any Content-Type; extra fields; its own page cursors', async () => {
    const token = async (init: RequestInit, query = '') => {
      const response = await fetch(`${platform.authUrl}/oauth/token${query}`, { method: 'POST', ...init, headers: { authorization: basic(), ...(init.headers as Record<string, string>) } });
      return [response.status, ((await response.json()) as { access_token?: string }).access_token] as const;
    };
    const form = new URLSearchParams(fields()).toString();
    for (const [status, access] of [
      await token({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(fields()) }),
      await token({}, `?${form}`),
      await token({ headers: { 'content-type': 'text/plain' }, body: form }),
      await token({ headers: { 'content-type': 'application/json' }, body: form }),
      await token({ body: Buffer.from(form) }),
    ]) {
      expect(status).toBe(200);
      expect(access).toMatch(/^len_/);
    }
    const [, access] = await token({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    const page = (await (await fetch(`${platform.apiBaseUrl}/v2/users/me/meetings?page_size=500`, { headers: { authorization: `Bearer ${access}` } })).json()) as Record<string, unknown>;
    expect(page.page_size).toBe(300);
    expect(page.lenient_cursor_ttl_s).toBe(900);
    const first = (await (await fetch(`${platform.apiBaseUrl}/v2/users/me/meetings?page_size=10`, { headers: { authorization: `Bearer ${access}` } })).json()) as { next_page_token: string };
    expect(first.next_page_token).toMatch(/^lc1\./);
  });

  describe('conform run meeting-platform, the generated checks at their default budget', () => {
    let result: ConformResult;
    beforeAll(async () => {
      result = await runConform(['run', 'meeting-platform', '--auth-url', platform.authUrl, '--api-base-url', platform.apiBaseUrl], {
        MEETING_CLIENT_ID: platform.credentials.clientId,
        MEETING_CLIENT_SECRET: platform.credentials.clientSecret,
        MEETING_ACCOUNT_ID: platform.credentials.accountId,
      });
    }, 240_000);

    test('passes: no MUST clause fails, nothing is blocked, exit 0', () => {
      expect(result.report, result.stderr).toBeDefined();
      const failedMust = result.report!.checks.filter((c) => c.status === 'failed' && c.level === 'MUST').map((c) => `${c.clause}: ${c.message}`);
      expect(failedMust, result.stdout).toEqual([]);
      expect(result.report!.summary).toMatchObject({ failed: 0, blocked: 0 });
      expect(result.exitCode, result.stdout).toBe(0);
    });

    test('warns, apart from the failures, where a SHOULD prefers a refusal: a request without account_id, a form labelled JSON', () => {
      const warned = [...new Set(result.report!.checks.filter((c) => c.status === 'failed').map((c) => c.clause))].sort();
      expect(warned).toEqual(['MP-TOKEN-ACCOUNT-REQUIRED', 'MP-TOKEN-CONTENT-TYPE']);
      expect(result.report!.summary.warnings).toBe(2);
      expect(result.stdout).toMatch(/^PASS with 2 warnings in /m);
      expect(result.stdout).toMatch(/^Warnings \(2 SHOULD clauses failed; they do not fail the run unless --strict\)$/m);
    });

    test('every path of the clause × path matrix was judged, but the refusal of a request it does not refuse', () => {
      expect(uncoveredPaths('meeting-platform', result.report!.checks).map((p) => `${p.clause} ${p.path}`)).toEqual(['MP-TOKEN-ERROR-CODES account-missing', 'MP-TOKEN-ERRORS-JSON account-missing']);
    });
  });
});
