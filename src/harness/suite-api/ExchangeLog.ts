import { checkExchange } from '../../openapi/checkExchange.ts';
import type { CompiledSpec } from '../../openapi/compileSpec.ts';
import { formatViolations, type Violation } from '../../openapi/Violation.ts';
import type { CheckContext } from './check.ts';
import { curlCommand, type ShownRequest } from '../../exchange/curlCommand.ts';
import { cutText } from '../../exchange/cutText.ts';

export interface LoggedExchange {
  shown: ShownRequest;
  /** The command that sends it again, when curlCommand(shown) cannot (a value derived from a secret, in shell words); default curlCommand(shown). */
  reproduction?: string;
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

/**
 * Ends a spec-response check on a log: a finding counting the offending answers among those judged,
 * grouped by operation, status and the rules they break, each with its JSON pointers, rules, request and
 * answer as evidence and a curl reproduction; skipped when the log holds nothing to judge (the other
 * checks did not run, as under --grep).
 */
export function judgeLoggedExchanges(ctx: CheckContext, log: ExchangeLog): void {
  if (log.checked === 0) ctx.skip('no exchange of the other checks to judge (they did not run)');
  ctx.evidence('checked', `${log.checked} exchange(s) of the suite's other checks against ${log.spec.name}.openapi.yaml`);
  ctx.conclude({
    of: 'answers',
    failed: `are not ones ${log.spec.name}.openapi.yaml documents`,
    rule: 'every answer must be one the spec documents: its status, content type, body schema and headers',
    tried: log.checked,
    cases: log.offences.map((o) => {
      const x = o.exchange;
      const body = x.shown.bodyCommand ? `(the output of: ${x.shown.bodyCommand})` : x.shown.body && cutText(x.shown.body, 400);
      const request = [`${x.shown.method} ${x.shown.url}`, ...x.shown.headers.map(([n, v]) => `${n}: ${v}`), ...(body ? ['', body] : [])].join('\n');
      return {
        label: `${x.shown.method} ${new URL(x.shown.url).pathname} → ${x.status}`,
        problem: o.violations.map((v) => `${v.where}${v.pointer} ${v.message} [${v.rule}]`).join('; '),
        // Answers alike break the same rules at the same places, array items counted as one place.
        cause: `${o.operation} → ${x.status}: ${[...new Set(o.violations.map((v) => `${v.where}${v.pointer.replace(/\/\d+(?=\/|$)/g, '/*')} [${v.rule}]`))].join('; ')}`,
        evidence: `${formatViolations(o.violations)}\n\n${request}\n\n→ HTTP ${x.status}\n${cutText(x.body, 1500)}`,
        reproduction: x.reproduction ?? curlCommand(x.shown),
      };
    }),
  });
}
