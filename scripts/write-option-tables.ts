// Rewrites the option tables of README.md and docs/*.md (between `<!-- options: NAME -->` and
// `<!-- /options -->`) from src/harness/options/runOptionTable.ts: `node scripts/write-option-tables.ts`.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withOptionTables } from '../src/harness/options/optionTables.ts';

const root = join(import.meta.dirname, '..');
const docs = join(root, 'docs');
const files = [join(root, 'README.md'), ...(existsSync(docs) ? readdirSync(docs).filter((f) => f.endsWith('.md')).map((f) => join(docs, f)) : [])];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const made = withOptionTables(text);
  if (made !== text) {
    writeFileSync(file, made);
    process.stdout.write(`rewrote the option tables of ${file}\n`);
  }
}
