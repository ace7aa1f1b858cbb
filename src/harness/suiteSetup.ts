// Vitest setup file of the conformance configuration: runs in each suite file's worker before the file.
// The run's targets, as the global setup provided them, set what every exchange with each is held to.
// Their secrets are the run's from the start: currentRedactor makes the worker's Redactor from them.
import { inject } from 'vitest';
import { limitExchanges } from './exchangeLimits.ts';

limitExchanges(inject('conformTargets'));
