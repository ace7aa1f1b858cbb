// Vitest setup file of the conformance configuration: runs in each suite file's worker before the file.
// The run's targets, as the global setup provided them, set what every exchange with each is held to,
// and make their secrets secrets of the run before any check can print anything.
import { inject } from 'vitest';
import { limitExchanges } from './exchangeLimits.ts';
import { registerSecret } from './redact.ts';

const targets = inject('conformTargets');
limitExchanges(targets);
for (const t of targets['fetch-service']) registerSecret(t.apiKey, t.apiKeyVar);
for (const t of targets['meeting-platform']) registerSecret(t.credentials.clientSecret, 'MEETING_CLIENT_SECRET');
