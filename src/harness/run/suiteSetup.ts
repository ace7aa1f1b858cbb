// Vitest setup file of the conformance configuration: runs in each suite file's worker before the file.
// The run's targets' secrets are the run's from the start: currentRedactor makes the worker's Redactor from them.
// The targets given up on for never answering whole are the run's too, not this file's alone.
import { inject } from 'vitest';
import { countExchangesWith } from '../../exchange/exchangeOutcomes.ts';
import { runSilentTargets } from '../../exchange/SilentTargets.ts';

const targets = inject('conformTargets');
// What a check's requests to its target came to (a report's common cause); the origin farm's are not the target's.
countExchangesWith([...targets['fetch-service'].map((t) => t.baseUrl), ...targets['meeting-platform'].flatMap((t) => [t.authUrl, t.apiBaseUrl])]);
runSilentTargets.share(inject('conformRunDir'));
