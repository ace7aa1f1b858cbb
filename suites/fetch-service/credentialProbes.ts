import { callerCredentials, type Credential } from './callerCredentials.ts';
import type { Exchange } from './fetchClient.ts';
import { newProbe, type FarmRequest } from './originFarm.ts';
import type { SuiteTarget } from './SuiteTarget.ts';

/** The paths of the matrix (specs/fetch-service.paths.json) the credential probes take: every hop a credential could ride. */
export const credentialPaths = ['first-request', 'after-301', 'after-302', 'after-303', 'after-307', 'after-308', 'relative-location', 'chain', 'scheme-upgrade', 'scheme-downgrade'] as const;
type CredentialPath = (typeof credentialPaths)[number];

/** One fetch carrying every credential, and what the origin farm logged for its probe token, hop by hop. */
export interface CredentialProbe {
  label: string;
  exchange: Exchange;
  hops: FarmRequest[];
}

export interface CredentialProbes {
  probes: CredentialProbe[];
  /** The caller's own Authorization, Cookie and Proxy-Authorization as the probes sent them. */
  caller: Credential[];
}

/**
 * The fetches the credential checks judge, made once per target: a page, redirects of every status, a
 * chain, relative and absolute Locations, and hops to another origin (plain HTTP to TLS and back). Each
 * carries the key, the caller's marked headers and its own probe token, which every hop keeps.
 */
export function credentialProbes(s: SuiteTarget): Promise<CredentialProbes> {
  return s.shared('credential-probes', async () => {
    const { headers, credentials } = callerCredentials();
    const redirect = (path: CredentialPath, label: string, farmPath: string) => ({ path, label, make: (probe: string) => s.farm.url('httpUrl', farmPath, probe) });
    const across = (path: CredentialPath, label: string, from: 'httpUrl' | 'httpsUrl', to: 'httpUrl' | 'httpsUrl') => ({
      path,
      label,
      make: (probe: string) => s.farm.url(from, `/redirect/to?url=${encodeURIComponent(s.farm.url(to, '/small', probe))}`, probe),
    });
    const rows = [
      redirect('first-request', 'the first request (no redirect)', '/small'),
      redirect('after-302', 'a 302 to the same origin (absolute Location)', '/redirect/absolute'),
      redirect('relative-location', 'a 302 with a relative Location', '/redirect/relative'),
      redirect('chain', 'a chain of 3 redirects', '/redirect/chain/3'),
      ...([301, 303, 307, 308] as const).map((code) => redirect(`after-${code}`, `a ${code} to the same origin`, `/redirect/status/${code}`)),
      across('scheme-upgrade', "a 302 to another origin (the farm's TLS listener)", 'httpUrl', 'httpsUrl'),
      across('scheme-downgrade', 'a 302 from TLS to plain HTTP (another origin)', 'httpsUrl', 'httpUrl'),
    ];
    const probes = await Promise.all(
      rows.map(async (row) => {
        const probe = newProbe();
        const exchange = await s.client.post({ body: { url: row.make(probe), allowRedirects: true }, headers });
        return { label: row.label, exchange, hops: await s.farm.requests(probe) };
      }),
    );
    return { probes, caller: credentials };
  });
}
