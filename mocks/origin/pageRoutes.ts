import { farmPages, type FarmPage } from './farmPages.ts';
import type { FarmRoute } from './FarmRoute.ts';
import { QueryError } from './queryInteger.ts';
import { sendText } from './sendBody.ts';

/** Statuses that must not carry a body (RFC 9110 §6.4.1). */
const bodiless = new Set([204, 304]);

function pageRoute(page: FarmPage): FarmRoute {
  // Raw header pairs keep the order and the repeated lines exactly as the catalogue lists them.
  const rawHeaders = page.headers.flat();
  return {
    path: page.path,
    summary: page.summary,
    handle({ res }) {
      res.writeHead(page.status, rawHeaders);
      res.end(page.body);
    },
  };
}

export const pageRoutes: readonly FarmRoute[] = [
  ...farmPages.map(pageRoute),
  {
    path: '/status/:code',
    summary: 'answers with status CODE (200-599) and a short text body',
    handle({ res, params }) {
      const text = params.code ?? '';
      const code = Number(text);
      if (!/^\d{3}$/.test(text) || code < 200 || code > 599) throw new QueryError(`status must be 200-599, got "${text}"`);
      if (bodiless.has(code)) {
        res.writeHead(code);
        res.end();
      } else {
        sendText(res, code, `status ${code}\n`);
      }
    },
  },
];
