import fc from 'fast-check';
import { loadSpec } from './src/openapi/loadSpec.ts';
import { positiveRequests } from './src/openapi/positiveRequests.ts';
import { schemaArbitrary } from './src/openapi/schemaArbitrary.ts';
const op = loadSpec('meeting-platform').operation('listMeetings');
for (const p of op.parameters) { const t = performance.now(); fc.sample(schemaArbitrary(p.schema, {pointer:'', values:{}, longest: 1000}), {numRuns: 100, seed: 1}); console.log(p.name, performance.now()-t); }
let t = performance.now(); fc.sample(positiveRequests(op), {numRuns: 100, seed: 1}); console.log('all', performance.now()-t);
t = performance.now(); fc.sample(positiveRequests(op), {numRuns: 100, seed: 2}); console.log('all again', performance.now()-t);
