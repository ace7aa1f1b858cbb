import { textReply } from './FarmExchange.ts';
import { farmPages, type FarmPage } from './farmPages.ts';
import type { FarmRoute } from './FarmRoute.ts';
import { QueryError } from './queryInteger.ts';

/** Statuses that must not carry a body (RFC 9110 §6.4.1). */
const bodiless = new Set([204, 304]);

function pageRoute(page: FarmPage): FarmRoute {
  // Header lines keep the order and the repeated lines exactly as the catalogue lists them.
  const reply = { status: page.status, headers: page.headers, body: page.body };
  return { path: page.path, summary: page.summary, answer: () => reply };
}

export const pageRoutes: readonly FarmRoute[] = [
  ...farmPages.map(pageRoute),
  {
    path: '/status/:code',
    summary: 'answers with status CODE (200-599) and a short text body',
    answer({ params }) {
      const text = params.code ?? '';
      const code = Number(text);
      if (!/^\d{3}$/.test(text) || code < 200 || code > 599) throw new QueryError(`status must be 200-599, got "${text}"`);
      return bodiless.has(code) ? { status: code, headers: [] } : textReply(code, `status ${code}\n`);
    },
  },
];
