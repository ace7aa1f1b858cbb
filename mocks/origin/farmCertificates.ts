import { isIP } from 'node:net';
import { generate } from 'selfsigned';

export interface KeyAndCert {
  key: string;
  cert: string;
}

/** The farm's CA and the three server certificates it signs, all PEM. */
export interface FarmCertificates {
  ca: string;
  valid: KeyAndCert;
  expired: KeyAndCert;
  wrongHost: KeyAndCert;
}

/** Names every farm certificate but the wrong-host one covers: the loopback forms a client may use. */
export const loopbackNames = ['127.0.0.1', '::1', 'localhost'] as const;

/** The only name on the wrong-host certificate: `.invalid` is reserved (RFC 2606), so it is never this host. */
export const wrongHostName = 'wrong-host.invalid';

const dayMs = 24 * 60 * 60 * 1000;
const cache = new Map<string, Promise<FarmCertificates>>();

/**
 * One CA signs all three server certificates, so a client that trusts `ca` sees exactly one fault per
 * listener: none, expiry, or host name. Generated once per set of names per process (EC keys: fast) and
 * never written to disk.
 */
export function farmCertificates(extraNames: readonly string[] = []): Promise<FarmCertificates> {
  const names = [...new Set([...loopbackNames, ...extraNames])];
  const key = names.join(' ');
  let certificates = cache.get(key);
  if (!certificates) {
    certificates = generateCertificates(names);
    cache.set(key, certificates);
  }
  return certificates;
}

async function generateCertificates(names: string[]): Promise<FarmCertificates> {
  const now = Date.now();
  const ca = await generate([{ name: 'commonName', value: 'conform origin farm CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 2 * 365 * dayMs),
    notAfterDate: new Date(now + 10 * 365 * dayMs),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const signer = { key: ca.private, cert: ca.cert };
  const leaf = async (hostNames: string[], notBefore: number, notAfter: number): Promise<KeyAndCert> => {
    const pems = await generate([{ name: 'commonName', value: hostNames[0]! }], {
      keyType: 'ec',
      algorithm: 'sha256',
      ca: signer,
      notBeforeDate: new Date(notBefore),
      notAfterDate: new Date(notAfter),
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        { name: 'subjectAltName', altNames: hostNames.map(altName) },
      ],
    });
    return { key: pems.private, cert: pems.cert };
  };
  const [valid, expired, wrongHost] = await Promise.all([
    leaf(names, now - dayMs, now + 365 * dayMs),
    leaf(names, now - 2 * 365 * dayMs, now - 365 * dayMs),
    leaf([wrongHostName], now - dayMs, now + 365 * dayMs),
  ]);
  return { ca: ca.cert, valid, expired, wrongHost };
}

/** A SAN entry: IP addresses must be type 7 to match an IP literal in a URL, names type 2. */
function altName(name: string): { type: 2; value: string } | { type: 7; ip: string } {
  return isIP(name) ? { type: 7, ip: name } : { type: 2, value: name };
}
