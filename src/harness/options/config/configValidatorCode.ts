import { Ajv } from 'ajv/dist/jtd.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { configSchema } from './configSchema.ts';

// CommonJS: under NodeNext its default import is the module object, which is also the function (as createAjv.ts's ajv-formats).
const standaloneCode = standaloneModule as unknown as typeof standaloneModule.default;

/**
 * The text of configValidator.js: the config's JTD schema compiled by ajv into a module of its own
 * (ajv's standalone code), so that reading a config costs no compile. Compiling it took 0.4 CPU-s of
 * every `conform run` that read one (a profile of the command): a third of the command's own start.
 * `npm run generate:validator` writes it; configValidator.test.ts fails while the file differs.
 */
export function configValidatorCode(): string {
  const ajv = new Ajv({ allErrors: true, code: { source: true, esm: true, lines: true } });
  const code = standaloneCode(ajv, ajv.compile(configSchema));
  return `// Generated from configSchema.ts by \`npm run generate:validator\` (configValidatorCode.ts): do not edit.\n${code}\n`;
}
