import type { CompiledParameter, JsonSchema } from './CompiledOperation.ts';

/**
 * The schema generated values of a parameter are drawn from: its own, bounded by its cap
 * (`x-conform-cap`) where it has one. A value past the cap is one the service may serve as the cap or
 * refuse, so it is no valid request; past the cap is where the open "out of range" mutation starts.
 */
export function generatedValueSchema(p: CompiledParameter): JsonSchema {
  if (p.cap === undefined) return p.schema;
  const maximum = typeof p.schema.maximum === 'number' ? Math.min(p.schema.maximum, p.cap) : p.cap;
  return { ...p.schema, maximum };
}
