import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { startOriginFarm } from '../../../mocks/origin/startOriginFarm.ts';
import { defaultRequestBounds } from '../../exchange/requestBounds.ts';
import { shownForTarget } from './shownForTarget.ts';
import type { FarmListeners, FetchServiceTarget, MeetingPlatformTarget } from './targets.ts';

const limits = { bounds: defaultRequestBounds };
const fetchTarget = (over: Partial<FetchServiceTarget> = {}): FetchServiceTarget => ({
  label: 'staging',
  baseUrl: 'https://fetch.example.com',
  apiKeyVar: 'STAGING_SVC_API_KEY',
  apiKey: 'not-shown',
  originUrl: 'https://origin.example.com',
  fetchTimeoutSeconds: 60,
  embedded: false,
  limits,
  ...over,
});
const meetingTarget = (over: Partial<MeetingPlatformTarget> = {}): MeetingPlatformTarget => ({
  label: 'meetings',
  authUrl: 'https://auth.example.com',
  apiBaseUrl: 'https://api.example.com/v2',
  credentials: { clientId: 'id', clientSecret: 'secret', accountId: 'account' },
  credentialVars: { clientId: 'PROD_CLIENT_ID', clientSecret: 'PROD_CLIENT_SECRET', accountId: 'PROD_ACCOUNT_ID' },
  embedded: false,
  limits,
  ...over,
});

describe('shownForTarget: the variables the target keeps its secrets in', () => {
  test("the conventional names become the config's, in every form the Redactor writes; another variable stays", () => {
    const shown = shownForTarget({ suite: 'fetch-service', target: fetchTarget() });
    expect(shown.text('X-SVC-API-Key: $SVC_API_KEY; ${SVC_API_KEY}x; $SVC_API_KEY_BASE64; $SVC_API_KEYS; $HOME')).toBe(
      'X-SVC-API-Key: $STAGING_SVC_API_KEY; ${STAGING_SVC_API_KEY}x; $STAGING_SVC_API_KEY_BASE64; $SVC_API_KEYS; $HOME',
    );
    const curl = `curl -sS -i -X POST 'https://fetch.example.com/v1/fetch' -H "X-SVC-API-Key: $SVC_API_KEY" --data-raw '{}'`;
    expect(shown.reproduction(curl)).toBe(curl.replace('$SVC_API_KEY', '$STAGING_SVC_API_KEY'));
  });

  test("the conventional names stay where the target's are the same, and outside a run", () => {
    const text = 'X-SVC-API-Key: $SVC_API_KEY';
    expect(shownForTarget({ suite: 'fetch-service', target: fetchTarget({ apiKeyVar: 'SVC_API_KEY' }) }).text(text)).toBe(text);
    expect(shownForTarget(undefined).reproduction(text)).toBe(text);
  });
});

describe('shownForTarget: a bearer call gets its token first', () => {
  const shown = shownForTarget({ suite: 'meeting-platform', target: meetingTarget() });

  test("once, from the target's auth URL with its variables, before the call", () => {
    const call = `curl -sS -i 'https://api.example.com/v2/users/me' -H "Authorization: Bearer $ACCESS_TOKEN"`;
    expect(shown.reproduction(call)).toBe(
      `ACCESS_TOKEN=$(curl -sS -X POST 'https://auth.example.com/oauth/token' -u "$PROD_CLIENT_ID:$PROD_CLIENT_SECRET" -H 'Content-Type: application/x-www-form-urlencoded' -d "grant_type=account_credentials&account_id=$PROD_ACCOUNT_ID" | sed -n 's/.*"access_token" *: *"\\([^"]*\\)".*/\\1/p')\n${call}`,
    );
  });

  test('not for a call without a token, nor for one that sets $ACCESS_TOKEN itself', () => {
    const token = `curl -sS -i -X POST 'https://auth.example.com/oauth/token' -u "$MEETING_CLIENT_ID:$MEETING_CLIENT_SECRET" -d 'grant_type=account_credentials'`;
    expect(shown.reproduction(token)).toBe(token.replace('$MEETING_CLIENT_ID:$MEETING_CLIENT_SECRET', '$PROD_CLIENT_ID:$PROD_CLIENT_SECRET'));
    const own = `ACCESS_TOKEN=$(cat token.txt)\ncurl -sS -i 'https://api.example.com/v2/users/me' -H "Authorization: Bearer $ACCESS_TOKEN"`;
    expect(shown.reproduction(own)).toBe(own);
  });

  test('the line it adds sets the token a real token endpoint answers, in a shell', async () => {
    const line = shown.reproduction('echo "$ACCESS_TOKEN"').split('\n')[0]!;
    // curl replaced by a stand-in printing a token answer as the platform sends it, pretty-printed or not.
    for (const answer of ['{"access_token":"eyJ.a-b_c","token_type":"bearer","expires_in":3599}', '{\n  "access_token" : "eyJ.a-b_c",\n  "expires_in": 3599\n}']) {
      const script = `curl() { printf '%s\\n' '${answer}'; }\n${line}\nprintf '%s' "$ACCESS_TOKEN"`;
      const child = spawn('sh', ['-c', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      await once(child, 'close');
      expect(out).toBe('eyJ.a-b_c');
    }
  });
});

describe("shownForTarget: the run's own origin farm", () => {
  const farm: FarmListeners = { httpUrl: 'http://127.0.0.1:41001', httpsUrl: 'https://127.0.0.1:41002', expiredTlsUrl: 'https://127.0.0.1:41003', wrongHostTlsUrl: 'https://127.0.0.1:41004' };
  const shown = shownForTarget({ suite: 'fetch-service', target: fetchTarget({ apiKeyVar: 'SVC_API_KEY', ownFarm: farm, originUrl: farm.httpUrl }) });

  test('a command naming it is preceded by a comment saying so, with the command that serves it again', () => {
    const curl = `curl -sS -i -X POST 'http://127.0.0.1:8080/v1/fetch' --data-raw '{"url":"http://127.0.0.1:41001/redirect/302?to=https://localhost:41002/small"}'`;
    expect(shown.reproduction(curl)).toBe(
      `# http://127.0.0.1:41001, https://localhost:41002: this run's own origin farm, gone when the run ended. Serve it again first, in another shell: ` +
        `conform origin --port 41001 --tls-port 41002 --expired-tls-port 41003 --wrong-host-tls-port 41004; its TLS listeners then have a new CA (the "ca" of http://127.0.0.1:41001/__farm/info)\n${curl}`,
    );
  });

  test('a command naming another origin, or a farm the user gave, is left as it is', () => {
    const other = `curl -sS -i -X POST 'http://127.0.0.1:8080/v1/fetch' --data-raw '{"url":"http://127.0.0.1:410011/small"}'`;
    expect(shown.reproduction(other)).toBe(other);
    const given = shownForTarget({ suite: 'fetch-service', target: fetchTarget({ apiKeyVar: 'SVC_API_KEY', originUrl: farm.httpUrl }) });
    const curl = `curl -sS -i -X POST 'http://127.0.0.1:8080/v1/fetch' --data-raw '{"url":"http://127.0.0.1:41001/small"}'`;
    expect(given.reproduction(curl)).toBe(curl);
  });

  test('the command it gives serves the farm again at the same addresses', async () => {
    const first = await startOriginFarm({ host: '127.0.0.1' });
    const listeners: FarmListeners = { httpUrl: first.httpUrl, httpsUrl: first.httpsUrl, expiredTlsUrl: first.expiredTlsUrl, wrongHostTlsUrl: first.wrongHostTlsUrl };
    await first.close();
    const note = shownForTarget({ suite: 'fetch-service', target: fetchTarget({ ownFarm: listeners, originUrl: listeners.httpUrl }) }).reproduction(`curl '${listeners.httpUrl}/small'`);
    const args = /conform (origin [^;\n]*)/.exec(note)![1]!.trim().split(' ');
    const bin = fileURLToPath(new URL('../../../bin/conform.js', import.meta.url));
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const seen = new Map<string, string>();
      for await (const line of createInterface({ input: child.stdout })) {
        const [name, url] = line.split(/\s+/);
        seen.set(name!, url!);
        if (name === 'info') break;
      }
      expect(Object.fromEntries(seen)).toMatchObject({ http: listeners.httpUrl, https: listeners.httpsUrl, 'expired-tls': listeners.expiredTlsUrl, 'wrong-host-tls': listeners.wrongHostTlsUrl });
      expect((await fetch(`${listeners.httpUrl}/small`)).status).toBe(200);
    } finally {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
  });
});
