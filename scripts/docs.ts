// `npm run docs`: writes the pages of docs/ made from the tree (each suite's clause × path matrix from
// specs/, the import graph in docs/architecture.md from the code). scripts/docs/generatedDocs.test.ts
// fails while a committed page differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedDocs, repositoryRoot } from './docs/generatedDocs.ts';

for (const { path, text } of generatedDocs()) {
  const file = join(repositoryRoot, path);
  let before: string | undefined;
  try {
    before = readFileSync(file, 'utf8');
  } catch {
    before = undefined;
  }
  if (before === text) continue;
  writeFileSync(file, text);
  console.log(`wrote ${path}`);
}
