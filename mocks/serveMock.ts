import type { RequestHandler } from 'msw';
import type { ServeOptions } from './listenServer.ts';
import type { MockAdapter, RouteTable, ServeFallback } from './MockExchange.ts';
import { serveHandlers } from './serveHandlers.ts';
import { serveRouteTable } from './serveRouteTable.ts';

/** A mock as both adapters take it: its route table, and the same table as msw handlers. */
export interface ServableMock {
  routes: RouteTable;
  handlers: RequestHandler[];
}

export interface ServeMockOptions<M> extends ServeOptions {
  adapter: MockAdapter;
  /** The answer when the mock gives none, in the mocked service's own error shape. */
  fallback: ServeFallback;
  /** Handlers put in front of the mock's own (adapter "msw" only, as msw runs them). */
  prepend?: (mock: M) => RequestHandler[];
}

export interface ServedMockOf<M> {
  url: string;
  mock: M;
  close(): Promise<void>;
}

/**
 * A mock over real HTTP through the adapter asked for: its route table straight on node:http, or its msw
 * handlers. The mock is made once the server's URL is known, because it answers on that URL.
 */
export async function serveMock<M extends ServableMock>(make: (url: string) => M, options: ServeMockOptions<M>): Promise<ServedMockOf<M>> {
  const { adapter, prepend, fallback, host, port } = options;
  let mock: M | undefined;
  const made = (url: string) => (mock = make(url));
  const served =
    adapter === 'node'
      ? await serveRouteTable((url) => made(url).routes, { host, port, fallback })
      : await serveHandlers(
          (url) => {
            const m = made(url);
            return [...(prepend?.(m) ?? []), ...m.handlers];
          },
          { host, port, fallback },
        );
  // Both serve functions call the factory before they resolve.
  return { url: served.url, mock: mock!, close: served.close };
}
