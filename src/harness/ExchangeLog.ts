import { expect } from 'vitest';
import { checkExchange } from '../openapi/checkExchange.ts';
import type { CompiledSpec } from '../openapi/compileSpec.ts';
import { formatViolations, type Violation } from '../openapi/Violation.ts';
import type { CheckContext } from './check.ts';
import { curlCommand, type ShownRequest } from './curlCommand.ts';

export interface LoggedExchange {
  shown: ShownRequest;
  status: number;
  headers: Headers | Record<string, string | undefined>;
  body: string;
}

interface Offence {
  exchange: LoggedExchange;
  operation: string;
  violations: Violation[];
}

/**
 * The exchanges a suite's HTTP client recorded for one target, each judged against the operation the
 * spec documents for it (requests to no documented operation, and requests that got no answer, are not
 * judged: other clauses say what is wrong with those).
 */
export class ExchangeLog {
  readonly spec: CompiledSpec;
  #checked = 0;
  readonly #offences: Offence[] = [];

  constructor(spec: CompiledSpec) {
    this.spec = spec;
  }

  record(exchange: LoggedExchange): void {
    if (exchange.status === 0) return;
    const operation = this.spec.operationFor(exchange.shown.method, exchange.shown.url);
    if (!operation) return;
    this.#checked++;
    const violations = checkExchange(operation, exchange);
    if (violations.length) this.#offences.push({ exchange, operation: operation.operationId, violations });
  }

  get checked(): number {
    return this.#checked;
  }

  get offences(): readonly Offence[] {
    return this.#offences;
  }
}

const shown = 6;

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/**
 * Ends a spec-response check on a log: each offending exchange with its JSON pointers, rules and the
 * request and answer, the first as a curl reproduction; skipped when the log holds nothing to judge
 * (the other checks did not run, as under --grep).
 */
export function judgeLoggedExchanges(ctx: CheckContext, log: ExchangeLog): void {
  if (log.checked === 0) ctx.skip('no exchange of the other checks to judge (they did not run)');
  ctx.evidence('checked', `${log.checked} exchange(s) of the suite's other checks against ${log.spec.name}.openapi.yaml`);
  const offences = log.offences;
  for (const o of offences.slice(0, shown)) {
    const x = o.exchange;
    const body = x.shown.bodyCommand ? `(the output of: ${x.shown.bodyCommand})` : x.shown.body && cut(x.shown.body, 400);
    const request = [`${x.shown.method} ${x.shown.url}`, ...x.shown.headers.map(([n, v]) => `${n}: ${v}`), ...(body ? ['', body] : [])].join('\n');
    ctx.evidence(`${o.operation} → ${x.status}`, `${formatViolations(o.violations)}\n\n${request}\n\n→ HTTP ${x.status}\n${cut(x.body, 1500)}`);
  }
  if (offences.length > shown) ctx.evidence('not shown', `${offences.length - shown} more exchanges break the spec`);
  if (offences[0]) ctx.reproduction(curlCommand(offences[0].exchange.shown));
  expect(
    offences.map((o) => `${o.exchange.shown.method} ${new URL(o.exchange.shown.url).pathname} → ${o.exchange.status}: ${o.violations.map((v) => `${v.where}${v.pointer} ${v.message} [${v.rule}]`).join('; ')}`),
    'every answer must be one the spec documents: its status, content type, body schema and headers',
  ).toEqual([]);
}
