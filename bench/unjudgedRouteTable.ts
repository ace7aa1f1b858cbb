// The bench's "mock, judge off" row: mocks/judgedRouteTable.ts swapped for this module in that server's
// process (withoutJudge, a resolve hook), so the same mock serves its table with no judge in between and
// the judge's cost shows side by side. Nothing of the product imports it.
import { registerHooks } from 'node:module';
import type { ClientJudge } from '../src/client/createClientJudge.ts';
import type { RouteTable } from '../mocks/MockExchange.ts';

export const clientReportPath = '/__conform/client-report';

/** Without a judge, no /__conform/ request is the judged table's: the control API answers them all. */
export function servedByJudge(_request: { method: string; path: string }): boolean {
  return false;
}

export function judgedRouteTable(table: RouteTable, _judge: ClientJudge, _clock: () => number, _origins: readonly string[]): RouteTable {
  return table;
}

/** From now on, this process loads this module wherever mocks/judgedRouteTable.ts is imported. */
export function withoutJudge(): void {
  const judged = new URL('../mocks/judgedRouteTable.ts', import.meta.url).href;
  const self = import.meta.url;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      return resolved.url === judged ? { ...resolved, url: self } : resolved;
    },
  });
}
