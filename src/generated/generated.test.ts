import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { generateTypes } from './generateTypes.ts';

const specs = readdirSync(new URL('../../specs/', import.meta.url)).filter((f) => f.endsWith('.openapi.yaml'));

describe('generated types are fresh', () => {
  test.each(specs)('%s', async (file) => {
    const name = file.replace(/\.openapi\.yaml$/, '');
    const out = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
    expect(existsSync(out), `src/generated/${name}.ts is missing: run npm run generate:types`).toBe(true);
    const expected = await generateTypes(new URL(`../../specs/${file}`, import.meta.url));
    expect(readFileSync(out, 'utf8') === expected, `src/generated/${name}.ts is stale: run npm run generate:types`).toBe(true);
  });
});
