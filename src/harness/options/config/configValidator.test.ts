import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv/dist/jtd.js';
import { expect, test } from 'vitest';
import { configSchema } from './configSchema.ts';
import { validate } from './configValidator.js';
import { configValidatorCode } from './configValidatorCode.ts';

test('configValidator.js is the config schema as it is now, compiled (else: npm run generate:validator)', () => {
  expect(readFileSync(new URL('./configValidator.js', import.meta.url), 'utf8') === configValidatorCode(), 'src/harness/options/config/configValidator.js is stale: run npm run generate:validator').toBe(true);
});

test('it judges configs as the schema compiled at run time does, errors and all', () => {
  const compiled = new Ajv({ allErrors: true }).compile(configSchema);
  const configs: unknown[] = [
    {},
    { targets: { staging: { suite: 'fetch-service', baseUrl: 'https://fetch.example' } } },
    { targets: { staging: { suite: 'fetch-service' } } },
    { targets: { staging: { suite: 'fetch-service', baseUrl: 'https://fetch.example', apiKey: 'sk-live' } } },
    { targets: { staging: { suite: 'nope', baseUrl: 1 } }, fuzzRuns: '10', extra: true },
    { fuzzRuns: 10, reports: [{ format: 'html', path: 'r.html' }, { format: 'pdf' }] },
    [],
    'targets',
  ];
  for (const config of configs) {
    expect(validate(config), JSON.stringify(config)).toBe(compiled(config));
    expect(validate.errors ?? null, JSON.stringify(config)).toEqual(compiled.errors ?? null);
  }
});
