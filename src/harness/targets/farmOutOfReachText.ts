import type { FarmReach } from './farmReach.ts';
import { isLoopbackHost } from '../../exchange/isLoopbackHost.ts';

/** A farm page the target was asked for and did not get, and what its answer showed. */
export interface UnreachedPage {
  /** The page's URL (without the probe token). */
  url: string;
  how: Extract<FarmReach, { reached: false }>['how'];
  /** The answer in words, as evidence. */
  said: string;
}

/** What the text needs to know of the target and the farm. */
export interface FarmReachContext {
  baseUrl: string;
  /** Where the run reads the farm. */
  originUrl: string;
  /** How the text names the target's options: its flags, or a config file's keys. */
  names: { baseUrl: string; originUrl: string };
  /** The farm is the one this run started on loopback (no --origin-url given). */
  runsOwnFarm?: boolean;
}

const howSaid = {
  refused: { one: 'was refused as a destination', many: 'were refused as a destination' },
  failed: { one: 'could not be fetched, and the farm received no request', many: 'could not be fetched, and the farm received no request' },
  stranger: { one: 'was answered by something other than the farm, which received no request', many: 'were answered by something other than the farm, which received no request' },
} as const;

const listOf = (items: readonly string[]): string => new Intl.ListFormat('en').format(items);

/**
 * One line: which farm pages the target did not get, with each answer's evidence (pages answered alike
 * said once), and what to do, chosen from that evidence and from where the target and the farm
 * (`farmHttpUrl`, as the target is asked to reach it) are.
 */
export function farmOutOfReachText(t: FarmReachContext, farmHttpUrl: string, unreached: readonly UnreachedPage[]): string {
  const alike = new Map<string, { how: UnreachedPage['how']; said: string; urls: string[] }>();
  for (const { url, how, said } of unreached) {
    const group = alike.get(`${how} ${said}`) ?? { how, said, urls: [] };
    group.urls.push(url);
    alike.set(`${how} ${said}`, group);
  }
  const shown = [...alike.values()].map(({ how, said, urls }) => `${listOf(urls)} ${urls.length > 1 ? howSaid[how].many : howSaid[how].one} (${said})`).join('; ');
  const where = t.runsOwnFarm ? `the origin farm this run started on ${new URL(farmHttpUrl).hostname} (no ${t.names.originUrl} given)` : `the origin farm at ${t.names.originUrl} ${t.originUrl}`;
  return `${t.names.baseUrl} ${t.baseUrl} cannot fetch from ${where}: ${shown}. ${advice(t, farmHttpUrl, unreached)}`;
}

function advice(t: FarmReachContext, farmHttpUrl: string, unreached: readonly UnreachedPage[]): string {
  const hosts = listOf([...new Set(unreached.map((u) => new URL(u.url).host))]);
  const anywhere = 'a farm where it can: conform origin with --public-url (see conform origin --help), and give that URL as --origin-url';
  // A deployment not on this machine cannot reach this machine's loopback, whatever it answered.
  if (isLoopbackHost(new URL(farmHttpUrl).hostname) && !isLoopbackHost(new URL(t.baseUrl).hostname)) {
    return `The farm listens on this machine's loopback, which a deployment elsewhere cannot reach: run ${anywhere}.`;
  }
  if (unreached.every((u) => u.how === 'refused')) {
    const reference = `conform serve fetch-service --origin-url ${t.runsOwnFarm ? 'URL' : t.originUrl}`;
    const fixed = t.runsOwnFarm
      ? " The ports of this run's farm change with every run: start one on fixed ports (conform origin --port 8081 --tls-port 8443 --expired-tls-port 8444 --wrong-host-tls-port 8445) and give --origin-url http://127.0.0.1:8081."
      : '';
    return `Let the deployment fetch from ${hosts}: its destination rules (SSRF protection, an allowlist) refuse them; the reference admits a farm with ${reference}.${fixed}`;
  }
  if (unreached.some((u) => u.how === 'stranger')) return `Another server answers at that address where the deployment runs: run ${anywhere}.`;
  return `Make ${hosts} reachable from the deployment (a firewall, a port not forwarded), or run ${anywhere}.`;
}
