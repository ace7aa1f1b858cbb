import { describe, expect, test } from 'vitest';
import { curlCommand } from './curlCommand.ts';

describe('curlCommand', () => {
  test('variables expand, everything else is quoted as sent', () => {
    expect(curlCommand({ method: 'POST', url: "http://127.0.0.1:1/v1/fetch?a='b", headers: [['X-SVC-API-Key', '$SVC_API_KEY'], ['Content-Type', 'application/json']], body: '{"url":"http://o.invalid/$HOME\'"}' })).toBe(
      `curl -sS -i -X POST 'http://127.0.0.1:1/v1/fetch?a='\\''b' -H "X-SVC-API-Key: $SVC_API_KEY" -H 'Content-Type: application/json' --data-raw '{"url":"http://o.invalid/$HOME'\\''"}'`,
    );
  });

  test('Basic credentials go to -u; a body without Content-Type says so; bytes a shell cannot pass go through printf', () => {
    expect(curlCommand({ method: 'POST', url: 'http://a.invalid/oauth/token', headers: [['authorization', 'Basic $MEETING_CLIENT_ID:$MEETING_CLIENT_SECRET']], body: 'a\u0000b%\\é' })).toBe(
      `printf 'a\\000b%%\\\\\\303\\251' | curl -sS -i -X POST 'http://a.invalid/oauth/token' -u "$MEETING_CLIENT_ID:$MEETING_CLIENT_SECRET" -H 'Content-Type:' --data-binary @-`,
    );
  });

  test('a variable written ${NAME} (more of a name follows it) expands too', () => {
    expect(curlCommand({ method: 'POST', url: 'http://127.0.0.1:1/v1/fetch', headers: [['X-SVC-API-Key', '${SVC_API_KEY}x'], ['X-Other', '${HOME}']] })).toBe(
      `curl -sS -i -X POST 'http://127.0.0.1:1/v1/fetch' -H "X-SVC-API-Key: \${SVC_API_KEY}x" -H 'X-Other: \${HOME}'`,
    );
  });

  test('a URL that names a variable (a secret sent in the query) expands it; any other $ in it stays', () => {
    expect(curlCommand({ method: 'GET', url: 'http://127.0.0.1:1/v2/users/me?access_token=$ACCESS_TOKEN&x=$HOME`"', headers: [] })).toBe(
      'curl -sS -i -X GET "http://127.0.0.1:1/v2/users/me?access_token=$ACCESS_TOKEN&x=\\$HOME\\`\\""',
    );
  });

  test('a body too large to quote is printed by its command into curl', () => {
    const bodyCommand = "{ printf '%s' '{\"url\":\"'; head -c 33554432 /dev/zero | tr '\\0' a; }";
    expect(curlCommand({ method: 'POST', url: 'http://127.0.0.1:1/v1/fetch', headers: [['Content-Type', 'application/json'], ['Transfer-Encoding', 'chunked']], bodyCommand })).toBe(
      `${bodyCommand} | curl -sS -i -X POST 'http://127.0.0.1:1/v1/fetch' -H 'Content-Type: application/json' -H 'Transfer-Encoding: chunked' --data-binary @-`,
    );
  });
});
