import type { FetchedPage } from './FetchedPage.ts';

/**
 * What the mock reports for a public URL it does not serve: it never reaches the network, so it answers
 * with a small page that says so (as Prism answers with examples), marked by `x-conform-mock: example`.
 */
export function examplePage(url: URL): FetchedPage {
  const content =
    '<!doctype html>\n<html><head><meta charset="utf-8"><title>conform mock</title></head>\n' +
    `<body><p>The fetch-service mock does not reach the network; this page stands in for ${escapeHtml(url.href)}</p></body></html>\n`;
  return {
    statusCode: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': String(Buffer.byteLength(content)), 'x-conform-mock': 'example' },
    content,
    contentType: 'text/html',
    encoding: 'utf-8',
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
