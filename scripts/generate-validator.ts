// `npm run generate:validator`: writes src/harness/options/config/configValidator.js, the config's schema
// compiled ahead (configValidatorCode.ts says why). Run it after changing the options table or the schema;
// configValidator.test.ts fails while the file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { configValidatorCode } from '../src/harness/options/config/configValidatorCode.ts';

const file = new URL('../src/harness/options/config/configValidator.js', import.meta.url);
const code = configValidatorCode();
let current = '';
try {
  current = readFileSync(file, 'utf8');
} catch {
  // none yet
}
if (current !== code) {
  writeFileSync(file, code);
  process.stdout.write('wrote src/harness/options/config/configValidator.js\n');
}
