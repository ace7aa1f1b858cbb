import { describe, expect, test } from 'vitest';
import type { CompiledParameter } from './CompiledOperation.ts';
import { generatedValueSchema } from './generatedValueSchema.ts';
import { loadSpec } from './loadSpec.ts';

describe('generatedValueSchema', () => {
  const pageSize = loadSpec('meeting-platform').operation('listMeetings').parameters.find((p) => p.name === 'page_size')!;

  test('bounds a capped parameter by its cap, which the spec keeps out of the schema', () => {
    expect(pageSize.schema.maximum).toBeUndefined();
    expect(generatedValueSchema(pageSize)).toEqual({ ...pageSize.schema, maximum: 300 });
  });

  test('keeps a maximum below the cap, and a schema without a cap as it is', () => {
    const withMaximum: CompiledParameter = { ...pageSize, schema: { ...pageSize.schema, maximum: 50 } };
    expect(generatedValueSchema(withMaximum).maximum).toBe(50);
    const { cap: _cap, ...uncapped } = pageSize;
    expect(generatedValueSchema(uncapped)).toBe(pageSize.schema);
  });
});
