import { valueAt } from '../json/jsonPointer.ts';
import type { CompiledLink, CompiledOperation } from './CompiledOperation.ts';
import type { CompiledSpec } from './compileSpec.ts';

/** What a runtime expression ("$response.body#/x", "$request.query.y") reads. */
export interface LinkSource {
  requestQuery: Record<string, string | undefined>;
  responseBody: unknown;
}

/** One runtime expression of OpenAPI 3.1 §4.8.20.4 (the forms the specs use), evaluated; undefined when absent. */
function evaluateExpression(expression: string, source: LinkSource): unknown {
  if (expression.startsWith('$response.body#')) return valueAt(source.responseBody, expression.slice('$response.body#'.length));
  if (expression.startsWith('$request.query.')) return source.requestQuery[expression.slice('$request.query.'.length)];
  return expression.startsWith('$') ? undefined : expression;
}

/**
 * The parameter sets a link gives: one, or with `x-conform-each: $response.body#/items` one per item of
 * that array (the link's expressions name item 0). Parameters whose expression yields nothing are left out.
 */
export function followLink(link: CompiledLink, source: LinkSource): Array<Record<string, unknown>> {
  const each = link.extensions['x-conform-each'];
  const sets: Array<Record<string, string>> = [];
  if (typeof each === 'string') {
    const items = evaluateExpression(each, source);
    const count = Array.isArray(items) ? items.length : 0;
    for (let i = 0; i < count; i++) {
      sets.push(Object.fromEntries(Object.entries(link.parameters).map(([name, expr]) => [name, expr.replace(`${each}/0/`, `${each}/${i}/`)])));
    }
  } else {
    sets.push(link.parameters);
  }
  return sets.map((expressions) => Object.fromEntries(Object.entries(expressions).flatMap(([name, expr]) => {
    const value = evaluateExpression(expr, source);
    return value === undefined ? [] : [[name, value]];
  })));
}

/** Links of an operation's documented responses, by name. */
export function linksOf(operation: CompiledOperation, status = '200'): Map<string, CompiledLink> {
  return new Map((operation.responses.find((r) => r.status === status)?.links ?? []).map((l) => [l.name, l]));
}

/**
 * The parameters of `operationId` that some link of the spec fills from an earlier response's body: values
 * the server issues (a page token, a meeting id), which a made-up value may rightly fail to name.
 */
export function linkFedParameters(spec: CompiledSpec, operationId: string): Set<string> {
  const fed = new Set<string>();
  for (const op of spec.operations) {
    for (const response of op.responses) {
      for (const link of response.links) {
        if (link.operationId !== operationId) continue;
        for (const [name, expression] of Object.entries(link.parameters)) if (expression.startsWith('$response.')) fed.add(name);
      }
    }
  }
  return fed;
}
