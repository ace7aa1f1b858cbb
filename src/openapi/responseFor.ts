import type { CompiledOperation, CompiledResponse } from './CompiledOperation.ts';

/** The response the spec documents for `status`: the exact code, else its range ("4XX"), else "default". */
export function responseFor(operation: CompiledOperation, status: number): CompiledResponse | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  return (
    operation.responses.find((r) => r.status === exact) ??
    operation.responses.find((r) => r.status === range) ??
    operation.responses.find((r) => r.status === 'DEFAULT')
  );
}
