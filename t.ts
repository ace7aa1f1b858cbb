import { randomBytes } from 'node:crypto';
import { startWarmFarm } from './src/harness/startFetchServiceTargets.ts';
import { startBrokenService } from './suites/fetch-service/testing/startBrokenService.ts';
import { describeFailure, generatedClauses, GeneratedRun } from './src/harness/generatedChecks.ts';
import { fetchFuzzBinding } from './suites/fetch-service/fetchFuzzBinding.ts';
import { suiteTarget } from './suites/fetch-service/SuiteTarget.ts';
import { generatedVariants } from './suites/fetch-service/testing/generatedVariants.ts';
const apiKey = 'k-' + randomBytes(8).toString('hex');
const farm = await startWarmFarm();
for (const v of generatedVariants) {
  const svc = await startBrokenService(farm, apiKey, { transform: () => v.transform });
  const s = await suiteTarget({ label: 'x', baseUrl: svc.url, apiKeyVar: 'SVC_API_KEY', apiKey, originUrl: farm.httpUrl, fetchTimeoutSeconds: 2, embedded: false });
  const run = new GeneratedRun(fetchFuzzBinding(s), { seed: 7, runs: 100 });
  for (const c of generatedClauses) { const o = await run.check('fetchPage', c); if (o.failure) { const d = describeFailure(run, o.failure); console.log('=====', v.name, c, '\n' + d.message + '\n--- ' + d.evidence.map(e => e[0] + '\n' + e[1].slice(0, 300)).join('\n--- ') + '\n--- curl\n' + d.reproduction.slice(0, 300)); break; } }
  await svc.close();
}
await farm.close();
