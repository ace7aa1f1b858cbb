import { credentialEnv } from '../../meeting-platform/core/meetingCredentials.ts';
import { tokenAssignment } from '../../meeting-platform/platformRequests.ts';
import type { FarmListeners, Targets } from './targets.ts';

/** A target of the suites whose checks send requests, with its suite. */
export type ShownTarget = { suite: 'fetch-service'; target: Targets['fetch-service'][number] } | { suite: 'meeting-platform'; target: Targets['meeting-platform'][number] };

/** How one target's checks write for a person: the variables its secrets are kept in, reproductions that run. */
export interface ShownForTarget {
  /** A text (evidence, a diagnosis) with the conventional variables renamed to the target's own. */
  text(text: string): string;
  /**
   * A reproduction that runs as printed against the target: the target's variables; a bearer call
   * preceded by the token request that sets $ACCESS_TOKEN; the run's own origin farm, which is gone when
   * the run ends, marked as such with the command that serves it again.
   */
  reproduction(command: string): string;
}

/**
 * The suites write the seeds' conventional variables ($SVC_API_KEY, $MEETING_CLIENT_ID, ...; curlCommand
 * quotes them to expand); the target's own are those a config named (apiKeyEnv, clientIdEnv, ...). Without
 * a target (a check outside a run) texts stay as written.
 */
export function shownForTarget(shown: ShownTarget | undefined): ShownForTarget {
  if (!shown) return { text: (text) => text, reproduction: (command) => command };
  const rename = renamer(variablesOf(shown));
  switch (shown.suite) {
    case 'fetch-service': {
      const { ownFarm } = shown.target;
      return { text: rename, reproduction: (command) => withFarmNote(rename(command), ownFarm) };
    }
    case 'meeting-platform': {
      const { authUrl } = shown.target;
      return { text: rename, reproduction: (command) => rename(withToken(command, authUrl)) };
    }
  }
}

/** Conventional name → the target's, for those that differ. */
function variablesOf(shown: ShownTarget): Map<string, string> {
  const pairs: Array<[string, string]> =
    shown.suite === 'fetch-service'
      ? [['SVC_API_KEY', shown.target.apiKeyVar]]
      : (Object.keys(credentialEnv) as Array<keyof typeof credentialEnv>).map((k) => [credentialEnv[k], shown.target.credentialVars?.[k] ?? credentialEnv[k]]);
  return new Map(pairs.filter(([from, to]) => from !== to));
}

/**
 * Renames `$NAME` and `${NAME}`, and the Redactor's `$NAME_BASE64` and `$NAME_URLENCODED` with them;
 * `$NAMEx` is another variable and stays.
 */
function renamer(variables: ReadonlyMap<string, string>): (text: string) => string {
  if (!variables.size) return (text) => text;
  const names = [...variables.keys()].sort((a, b) => b.length - a.length).join('|');
  const pattern = new RegExp(`\\$(\\{?)(${names})(?![A-Za-z0-9])`, 'g');
  return (text) => text.replace(pattern, (_, brace: string, name: string) => `$${brace}${variables.get(name)!}`);
}

/** A bearer call as the seed's client makes it: a fresh token first, unless the command gets one itself. */
function withToken(command: string, authUrl: string): string {
  if (!/\$\{?ACCESS_TOKEN\b/.test(command) || /(^|[\s;&|(])ACCESS_TOKEN=/.test(command)) return command;
  return `${tokenAssignment(authUrl)}\n${command}`;
}

/**
 * A comment line before a command that names the run's own farm: which of its origins, that it went with
 * the run, and the `conform origin` that serves it again at the same ports (its TLS listeners with a new
 * CA, which the service must trust as it trusted the first).
 */
function withFarmNote(command: string, farm: FarmListeners | undefined): string {
  if (!farm) return command;
  const ports = new Set([farm.httpUrl, farm.httpsUrl, farm.expiredTlsUrl, farm.wrongHostTlsUrl].map((u) => new URL(u).port));
  const origins = [...new Set([...command.matchAll(/\bhttps?:\/\/[^/\s'"?#@]+:(\d+)(?![\d])/g)].filter((m) => ports.has(m[1]!)).map((m) => m[0]))];
  if (!origins.length) return command;
  const port = (u: string) => new URL(u).port;
  const serve = `conform origin --port ${port(farm.httpUrl)} --tls-port ${port(farm.httpsUrl)} --expired-tls-port ${port(farm.expiredTlsUrl)} --wrong-host-tls-port ${port(farm.wrongHostTlsUrl)}`;
  const tls = origins.some((o) => o.startsWith('https:')) ? `; its TLS listeners then have a new CA (the "ca" of ${farm.httpUrl}/__farm/info)` : '';
  return `# ${origins.join(', ')}: this run's own origin farm, gone when the run ended. Serve it again first, in another shell: ${serve}${tls}\n${command}`;
}
