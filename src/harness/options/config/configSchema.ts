import type { JTDDataType } from 'ajv/dist/jtd.js';

/** How every exchange with a target is held: given per target, or at the top level for every target. */
const limitKeys = {
  /** Requests per second; default 10 for a host not on loopback, none on loopback; 0: none. */
  rateLimit: { type: 'float64' },
  /** Seconds any request waits for an answer's headers (default 30). */
  headersTimeout: { type: 'float64' },
  /** Seconds from an answer's headers to its body's last byte (default 60). */
  bodyTimeout: { type: 'float64' },
  /** MiB of an answer's body read at most (default 64). */
  maxBodyMib: { type: 'float64' },
} as const;

/**
 * The config file (`conform.config.ts`, `.mts`, `.js`, `.mjs` or `.json`), as a JSON Type Definition
 * (RFC 8927): ajv checks a file against it, and ConformConfig is derived from it, so the two cannot
 * disagree. Every key is `run()`'s option of the same name; no key holds a secret, only the name of the
 * variable that does (`apiKeyEnv`, ...). Unknown keys are refused. Number rules and URLs are checked
 * as the command line's are (toConformOptions).
 */
export const configSchema = {
  optionalProperties: {
    /** Named targets: `conform run NAME...` runs some, `conform run` all of them. */
    targets: {
      values: {
        discriminator: 'suite',
        mapping: {
          'fetch-service': {
            properties: { baseUrl: { type: 'string' } },
            optionalProperties: {
              /** The variable holding its API key; default SVC_API_KEY. */
              apiKeyEnv: { type: 'string' },
              originUrl: { type: 'string' },
              fetchTimeout: { type: 'float64' },
              ...limitKeys,
            },
          },
          'meeting-platform': {
            properties: { authUrl: { type: 'string' }, apiBaseUrl: { type: 'string' } },
            optionalProperties: {
              /** The variables holding the account's credentials; default MEETING_CLIENT_ID, MEETING_CLIENT_SECRET, MEETING_ACCOUNT_ID. */
              clientIdEnv: { type: 'string' },
              clientSecretEnv: { type: 'string' },
              accountIdEnv: { type: 'string' },
              ...limitKeys,
            },
          },
          'unit-record': {
            optionalProperties: {
              /** One of the two: a record validator's command, or a set validator's. */
              validator: { type: 'string' },
              validatorSet: { type: 'string' },
            },
          },
        },
      },
    },
    seed: { type: 'float64' },
    fuzzRuns: { type: 'float64' },
    strict: { type: 'boolean' },
    /** Each suite's embedded reference and mocks also run, beside its named targets. */
    withReference: { type: 'boolean' },
    /** Suppressions without a reason fail the run (default: when $CI is set). */
    requireReasons: { type: 'boolean' },
    /** Report files; a relative path is relative to the config file's folder. */
    report: { elements: { properties: { format: { enum: ['json', 'junit', 'html', 'markdown'] }, path: { type: 'string' } } } },
    ...limitKeys,
  },
} as const;

/** A config file's content: what `defineConfig` takes. */
export type ConformConfig = JTDDataType<typeof configSchema>;

/** One named target of a config. */
export type TargetConfig = NonNullable<ConformConfig['targets']>[string];

/** The keys a target of each suite takes, `suite` included, for messages. */
export const targetKeys = Object.fromEntries(
  Object.entries(configSchema.optionalProperties.targets.values.mapping).map(([suite, form]) => [
    suite,
    ['suite', ...Object.keys('properties' in form ? form.properties : {}), ...Object.keys(form.optionalProperties)],
  ]),
) as Record<TargetConfig['suite'], string[]>;

/** The keys of the config's top level, for messages. */
export const topLevelKeys = Object.keys(configSchema.optionalProperties);
