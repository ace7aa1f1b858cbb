import { suiteNames, type SuiteName } from '../../../catalogue/suites.ts';
import { runOptionTable, type OptionRow } from '../runOptionTable.ts';

/** A commented config for some suites, and what its user must fill in before `conform run` takes it. */
export interface ConfigTemplate {
  text: string;
  /** A line each: the key or variable, and what goes there. */
  fillIn: Array<{ what: string; meaning: string }>;
}

/**
 * A value `conform init` writes for the user to replace: run refuses it, naming the key, rather than
 * trying to reach it (placeholders).
 */
export function isPlaceholder(value: string): boolean {
  return /^<[^<>]*>$/.test(value.trim());
}

/**
 * The `conform.config.ts` that `conform init` writes: one target per suite, each key commented, the
 * ones to fill in holding a placeholder that `conform run` refuses until it is replaced, and the names
 * of the variables that will hold the secrets.
 */
export function configTemplate(suites: readonly SuiteName[] = suiteNames): ConfigTemplate {
  const one = suites.length === 1;
  const boundsLine = `// headersTimeout: ${shown('headersTimeout')}, bodyTimeout: ${shown('bodyTimeout')}, maxBodyMib: ${shown('maxBodyMib')}, // how long and how much of each answer conform waits for and reads`;
  const fillIn: ConfigTemplate['fillIn'] = [];
  const blocks: string[] = [];
  if (suites.includes('fetch-service')) {
    const name = one ? 'staging' : 'fetch-staging';
    const key = `${prefix(name)}_SVC_API_KEY`;
    fillIn.push({ what: `targets.${name}.baseUrl`, meaning: 'the URL of your fetch service (the part before /v1/fetch)' }, { what: `$${key}`, meaning: 'its API key, in the environment (in CI: a secret)' });
    blocks.push(`    // A fetch service deployment: \`npx conform run ${name}\`.
    ${quoteKey(name)}: {
      suite: 'fetch-service',
      baseUrl: '<URL of your fetch service>', // e.g. https://fetch.staging.example.com
      apiKeyEnv: '${key}', // the variable holding its API key (default SVC_API_KEY)
      // originUrl: 'https://origin.example.com', // an origin farm it can reach (\`npx conform origin\`); default: one started on loopback, which only a service on this machine reaches
      // fetchTimeout: ${shown('fetchTimeout')}, // seconds: the timeout it enforces
      // rateLimit: ${shown('rateLimit')}, // requests per second to it (default ${shown('rateLimit')} off loopback, none on loopback; 0: none)
      ${boundsLine}
    },`);
  }
  if (suites.includes('meeting-platform')) {
    const name = one ? 'staging' : 'meeting-staging';
    const p = prefix(name);
    fillIn.push(
      { what: `targets.${name}.authUrl`, meaning: 'the base URL of its OAuth token endpoint (before /oauth/token)' },
      { what: `targets.${name}.apiBaseUrl`, meaning: 'the base URL of its API, with its /v2 or without' },
      { what: `$${p}_MEETING_CLIENT_ID, $${p}_MEETING_CLIENT_SECRET, $${p}_MEETING_ACCOUNT_ID`, meaning: "the app's credentials, in the environment (in CI: secrets); conform only reads" },
    );
    blocks.push(`    // A meeting platform deployment, checked read-only: \`npx conform run ${name}\`.
    ${quoteKey(name)}: {
      suite: 'meeting-platform',
      authUrl: '<URL of its OAuth server>', // e.g. https://zoom.us
      apiBaseUrl: '<URL of its API>', // e.g. https://api.zoom.us/v2
      clientIdEnv: '${p}_MEETING_CLIENT_ID', // the variables holding the app's credentials (defaults MEETING_CLIENT_ID, ...)
      clientSecretEnv: '${p}_MEETING_CLIENT_SECRET',
      accountIdEnv: '${p}_MEETING_ACCOUNT_ID',
      // rateLimit: ${shown('rateLimit')}, // requests per second to it (default ${shown('rateLimit')} off loopback)
      ${boundsLine}
    },`);
  }
  if (suites.includes('unit-record')) {
    const name = 'my-validator';
    fillIn.push({ what: `targets.${name}.validator`, meaning: "a command that validates the record file whose path conform appends: exit 0 valid, 1 invalid" });
    blocks.push(`    // A record validator: \`npx conform run ${name}\`.
    ${quoteKey(name)}: {
      suite: 'unit-record',
      validator: '<command>', // e.g. 'python3 my_validator.py': run with a record file's path appended; exit 0 valid, 1 invalid
      // or validatorSet: a command given a JSON file holding one page's records (exit 0: a tree), instead of validator
    },`);
  }
  const text = `// What \`npx conform run\` checks: every target below (\`npx conform run NAME...\` some of them, side by
// side). Flags on the command line override what is set here, but --report, which adds a file to those
// below (replacing the one of its format). Secrets never go in this file: a target
// names the environment variables that hold them. Keys are run()'s options; see docs/ci.md, "The config file".
import type { ConformConfig } from 'conform-harness';

export default {
  targets: {
${blocks.join('\n')}
  },
  // withReference: true, // also run conform's embedded reference (and mock) beside your targets: the column they are compared with
  // seed: ${shown('seed')}, // seed of the generated requests and records
  // fuzzRuns: ${shown('fuzzRuns')}, // generated requests per operation; 0 turns them off
  // checkBudget: ${shown('checkBudget')}, // seconds each generated check spends judging (default: from fuzzRuns and the rate limit); what it could not judge is not judged, never failed
  // concurrency: ${shown('concurrency')}, // requests to a target in flight at once, at most, where they do not depend on each other
  // oneTargetAtATime: false, // true: the fetch-service targets one after another, each alone, not side by side
  // strict: false, // true: failed SHOULD checks fail the run too
  // requireReasons: true, // suppressions whose reason is still TODO fail the run (default: when $CI is set)
  report: [
    { format: 'junit', path: 'reports/conform.xml' }, // paths relative to this file
    { format: 'html', path: 'reports/conform.html' },
    { format: 'markdown', path: 'reports/conform.md' },
  ],
} satisfies ConformConfig;
`;
  return { text, fillIn };
}

/** What the template shows for a numeric option: its default (runOptionTable's), or its example when it has none. */
function shown(name: 'fetchTimeout' | 'rateLimit' | 'headersTimeout' | 'bodyTimeout' | 'maxBodyMib' | 'seed' | 'fuzzRuns' | 'checkBudget' | 'concurrency'): number {
  const row: OptionRow = runOptionTable[name];
  return (row.default ?? row.example) as number;
}

/** STAGING from "staging", MEETING_STAGING from "meeting-staging": a variable's prefix. */
function prefix(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}

function quoteKey(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`;
}
