import type { ClientJudge, ClientReportOptions } from '../client/createClientJudge.ts';
import { fetchServiceClientJudge } from '../client/fetch-service/fetchServiceClientJudge.ts';
import { meetingPlatformClientJudge } from '../client/meeting-platform/meetingPlatformClientJudge.ts';
import { buildReport } from '../verdict/buildReport.ts';
import type { RunReport } from '../verdict/RunReport.ts';
import { version } from '../exchange/version.ts';
import { createServerJudge, type ServerJudge } from './createServerJudge.ts';
import { fetchServiceServerSpec } from './fetch-service/fetchServiceServerSpec.ts';
import { meetingPlatformServerSpec } from './meeting-platform/meetingPlatformServerSpec.ts';
import type { ObservedExchange } from './ObservedExchange.ts';

/** The services a validation proxy stands in front of. */
export type ProxiedSuite = 'meeting-platform' | 'fetch-service';

export interface ProxyJudgeOptions {
  suite: ProxiedSuite;
  /** The deployment: the fetch service's base URL, or the platform's API base URL (where /v2 lives). */
  target: string;
  /** The platform's auth URL (where /oauth/token lives), when it is not the API's. */
  authTarget?: string;
  /** Milliseconds since the epoch, as the exchanges' times are given; default Date.now. */
  clock?: () => number;
  /** Secrets known from the start ([value, variable]): the environment's client secret or key. */
  secrets?: Iterable<readonly [string | undefined, string]>;
}

/** Both sides of an app's traffic with a deployment, judged: the app's requests (client clauses) and the deployment's answers (server clauses). */
export interface ProxyJudge {
  /** What reports call the deployment. */
  readonly deploymentLabel: string;
  /** Never throws. */
  observe(exchange: ObservedExchange): void;
  /** One report: the server clauses with the deployment as their target, the client clauses with the app. */
  report(options?: ClientReportOptions): RunReport;
}

/** What reports call the app. */
export const clientLabel = 'client';

/**
 * The judges of an app's traffic with a deployment, in the proxy's place: the client judge (the mocks'),
 * whose journal entries and Redactor the server judge shares, so what it learned from the traffic (a
 * client secret, a key) is taken out of the server findings too.
 */
export function createProxyJudge(options: ProxyJudgeOptions): ProxyJudge {
  const { suite, target } = options;
  const common = { label: clientLabel, ...(options.clock ? { clock: options.clock } : {}), ...(options.secrets ? { secrets: options.secrets } : {}) };
  let client: ClientJudge;
  let deploymentLabel: string;
  let server: ServerJudge;
  if (suite === 'meeting-platform') {
    const addresses = { authUrl: options.authTarget ?? target, apiBaseUrl: target };
    client = meetingPlatformClientJudge({ ...addresses, ...common });
    deploymentLabel = `meeting platform at ${target}`;
    server = createServerJudge(meetingPlatformServerSpec(addresses), { label: deploymentLabel, redact: client.redact, reproduction: client.reproduction, ...(options.clock ? { clock: options.clock } : {}) });
  } else {
    client = fetchServiceClientJudge({ baseUrl: target, ...common });
    deploymentLabel = `fetch service at ${target}`;
    server = createServerJudge(fetchServiceServerSpec(target), { label: deploymentLabel, redact: client.redact, reproduction: client.reproduction });
  }
  return {
    deploymentLabel,
    observe(exchange) {
      const entry = client.observe(exchange);
      if (entry) server.observe(exchange, entry);
    },
    report(reportOptions = {}) {
      const clientReport = client.report(reportOptions);
      const report = buildReport({
        version,
        suites: [suite],
        seed: 0,
        strict: false,
        startedAt: new Date(clientReport.startedAt),
        durationMs: clientReport.durationMs,
        checks: [...server.checks(reportOptions), ...clientReport.checks],
        filtered: true,
        targetOrder: { [suite]: [deploymentLabel, clientLabel] },
      });
      const errors = [...(clientReport.errors ?? []), ...server.errors()];
      return errors.length ? { ...report, errors } : report;
    },
  };
}
