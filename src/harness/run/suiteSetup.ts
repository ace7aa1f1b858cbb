// Vitest setup file of the conformance configuration: runs in the worker before each suite file. The
// files of a run share a worker, one after another (conformanceConfig.ts): each starts with what the
// checks of one file share emptied, and with the run's vitest settings (a suite file may change them).
// The run's targets' secrets are the run's from the start: currentRedactor makes the worker's Redactor from them.
// The targets given up on for never answering whole are the run's too, not this file's alone.
import { inject, vi } from 'vitest';
import { countExchangesWith } from '../../exchange/exchangeOutcomes.ts';
import { runSilentTargets } from '../../exchange/SilentTargets.ts';
import { startSuiteFile } from '../suite-api/suiteFileState.ts';

startSuiteFile();
vi.resetConfig();
const targets = inject('conformTargets');
// What a check's requests to its target came to (a report's common cause); the origin farm's are not the target's.
countExchangesWith([...targets['fetch-service'].map((t) => t.baseUrl), ...targets['meeting-platform'].flatMap((t) => [t.authUrl, t.apiBaseUrl])]);
runSilentTargets.share(inject('conformRunDir'));
