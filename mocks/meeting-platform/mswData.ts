// @mswjs/data, loaded without the date library it requires whole: its CommonJS build runs
// `require("date-fns")`, 313 modules of date-fns 2, for the one function its date comparators call,
// `compareAsc`. Every process holding the meeting-platform mock paid for them: loading @mswjs/data took
// 0.70 CPU-s above Node's own start, 0.27 this way (`npm run bench -- startup`). While it loads,
// date-fns's entry point reads as that one function; the hook is gone before anything else loads. Only
// @mswjs/data requires date-fns here (npm ls date-fns): a later `require("date-fns")` in the process would get the one function too.
import { createRequire, registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

type MswData = typeof import('@mswjs/data');

const require = createRequire(import.meta.url);
const dataEntry = require.resolve('@mswjs/data');
const dateFnsEntry = pathToFileURL(createRequire(dataEntry).resolve('date-fns')).href;

const hooks = registerHooks({
  load(url, context, nextLoad) {
    if (url !== dateFnsEntry) return nextLoad(url, context);
    return { format: 'commonjs', source: '"use strict";\nconst compareAsc = require("./compareAsc/index.js");\nexports.compareAsc = compareAsc.default ?? compareAsc;\n', shortCircuit: true };
  },
});
let mswData: MswData;
try {
  mswData = require(dataEntry) as MswData;
} finally {
  hooks.deregister();
}

export const { factory, primaryKey } = mswData;
