/** The headers of every reply of the service, result or error: JSON (seed §2), never cached, never sniffed. */
export const REPLY_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};
