import type { MockReply } from '../MockExchange.ts';

const page =
  '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Error - 404</title></head>\n' +
  '<body><h1>404</h1><p>Sorry, the page you are looking for is currently unavailable.</p></body></html>\n';
const headers = { 'content-type': 'text/html;charset=utf-8' } as const;

/**
 * What a wrong address gets from the real platform: an HTML page, not a JSON error. Integrations that
 * post to the API host's /oauth/token, or call an unknown path, meet this page first.
 */
export function htmlNotFound(): MockReply {
  return { status: 404, headers, body: page };
}
