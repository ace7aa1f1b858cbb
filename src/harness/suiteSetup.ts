// Vitest setup file of the conformance configuration: runs in each suite file's worker before the file.
// The run's targets, as the global setup provided them, set what every exchange with each is held to.
// Their secrets are the run's from the start: currentRedactor makes the worker's Redactor from them.
// The targets given up on for never answering whole are the run's too, not this file's alone.
import { inject } from 'vitest';
import { limitExchanges } from './exchangeLimits.ts';
import { runSilentTargets } from './SilentTargets.ts';

limitExchanges(inject('conformTargets'));
runSilentTargets.share(inject('conformRunDir'));
