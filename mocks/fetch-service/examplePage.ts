import type { FarmResponse } from '../origin/FarmExchange.ts';

/**
 * What the mock fetches for a public URL it does not serve: it never reaches the network, so it gets a small
 * page that says so (as Prism answers with examples), marked by `x-conform-mock: example`.
 */
export function examplePage(url: URL): FarmResponse {
  const content =
    '<!doctype html>\n<html><head><meta charset="utf-8"><title>conform mock</title></head>\n' +
    `<body><p>The fetch-service mock does not reach the network; this page stands in for ${escapeHtml(url.href)}</p></body></html>\n`;
  const body = Buffer.from(content);
  return {
    status: 200,
    headers: [['content-type', 'text/html; charset=utf-8'], ['content-length', String(body.length)], ['x-conform-mock', 'example']],
    body,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
