import type { PageTokens } from './pageTokens.ts';

/**
 * Page tokens in an awkward spelling while `on()` says so: the token's base64url written as base64
 * ("-" and "_" as "+" and "/"), between a leading "+" and a trailing "/=", so every one holds the
 * characters a query string must encode. Tokens in either spelling are read, so the switch can flip
 * while a client walks the list.
 */
export function awkwardPageTokens(pages: PageTokens, on: () => boolean): PageTokens {
  return {
    issue(scope, offset) {
      const token = pages.issue(scope, offset);
      return on() ? `+${token.replace(/-/g, '+').replace(/_/g, '/')}/=` : token;
    },
    read(token, scope) {
      const plain = token.startsWith('+') && token.endsWith('/=') ? token.slice(1, -2).replace(/\+/g, '-').replace(/\//g, '_') : token;
      return pages.read(plain, scope);
    },
  };
}
