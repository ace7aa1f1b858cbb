// Generates src/generated/<name>.ts from every specs/<name>.openapi.yaml with openapi-typescript.
// `--check` compares instead of writing and exits 1 when a generated file is stale.
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateTypes } from '../src/generated/generateTypes.ts';

const root = new URL('../', import.meta.url);
const check = process.argv.includes('--check');
let stale = 0;
for (const file of readdirSync(new URL('specs/', root)).filter((f) => f.endsWith('.openapi.yaml')).sort()) {
  const name = file.replace(/\.openapi\.yaml$/, '');
  const outPath = fileURLToPath(new URL(`src/generated/${name}.ts`, root));
  const text = await generateTypes(new URL(`specs/${file}`, root));
  const current = existsSync(outPath) ? readFileSync(outPath, 'utf8') : '';
  if (current === text) continue;
  if (check) {
    console.error(`stale: src/generated/${name}.ts (run npm run generate:types)`);
    stale++;
  } else {
    writeFileSync(outPath, text);
    console.log(`wrote src/generated/${name}.ts`);
  }
}
process.exitCode = stale ? 1 : 0;
