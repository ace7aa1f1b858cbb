import type { CompiledOperation } from '../../src/openapi/CompiledOperation.ts';
import type { CompiledSpec } from '../../src/openapi/compileSpec.ts';
import { PathPattern } from '../../src/openapi/PathPattern.ts';
import { validateRequest } from '../../src/openapi/validateRequest.ts';
import type { Violation } from '../../src/openapi/Violation.ts';
import type { MockReply, MockRequest } from '../MockExchange.ts';
import { controlError, controlProblems, type ControlProblemBody } from './controlReplies.ts';

/** A control call matched to its operation, its input checked against the document. */
export interface ControlCall {
  operationId: string;
  body: unknown;
  query: Record<string, unknown>;
  /** The path's parameters, percent-decoded once ("/__conform/users/{userId}"). */
  params: Record<string, string>;
}

interface PathOperations {
  pattern: PathPattern;
  methods: Map<string, CompiledOperation>;
}

const byPath = new WeakMap<CompiledSpec, PathOperations[]>();

function pathsOf(spec: CompiledSpec): PathOperations[] {
  let paths = byPath.get(spec);
  if (!paths) {
    const grouped = new Map<string, PathOperations>();
    for (const op of spec.operations) {
      let entry = grouped.get(op.path);
      if (!entry) grouped.set(op.path, (entry = { pattern: PathPattern.fromTemplate(op.path), methods: new Map() }));
      entry.methods.set(op.method, op);
    }
    // Literal paths before templated ones: /__conform/meetings/generate is no meeting by id.
    paths = [...grouped.values()].sort((a, b) => b.pattern.weight - a.pattern.weight);
    byPath.set(spec, paths);
  }
  return paths;
}

/**
 * The operation of `spec` a control request calls, with its input checked against the document; or the
 * answer when there is none: 404 for a path the document does not have, 405 with Allow for a method the
 * path does not take, 400 naming the field for input that breaks it. The same for every mock's control API.
 */
export function findControlOperation(spec: CompiledSpec, documentPath: string, request: MockRequest, problems: (violations: readonly Violation[]) => ControlProblemBody[]): ControlCall | MockReply {
  let found: { methods: Map<string, CompiledOperation>; params: Record<string, string> } | undefined;
  for (const path of pathsOf(spec)) {
    const match = path.pattern.match(request.path);
    // A template matches the end of a path: only the whole path is the control API's.
    if (match && match.prefix === '') {
      found = { methods: path.methods, params: match.params };
      break;
    }
  }
  if (!found) return controlError(404, { error: 'not_found', message: `The control API has no operation at ${request.path} (${documentPath} lists them).` });
  const operation = found.methods.get(request.method);
  if (!operation) {
    const allow = [...found.methods.keys()].join(', ');
    return controlError(405, { error: 'method_not_allowed', message: `${request.path} takes ${allow}, not ${request.method}.` }, { allow });
  }
  const checked = validateRequest(operation, { method: request.method, url: request.query ? `${request.path}?${request.query}` : request.path, headers: request.headers, body: request.body });
  if (checked.violations.length) return controlProblems(400, problems(checked.violations));
  const params = Object.fromEntries(Object.entries(found.params).map(([name, raw]) => [name, decodeOnce(raw)]));
  return { operationId: operation.operationId, body: checked.body, query: checked.query, params };
}

/** A path segment as sent; one whose escapes are broken stays as it came (and then names no record). */
function decodeOnce(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
