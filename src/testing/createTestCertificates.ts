import { generate } from 'selfsigned';

export interface KeyAndCertificate {
  key: string;
  cert: string;
}

export interface TestCertificates {
  /** PEM of a test CA; trust it (e.g. the service's trustedCa) to make `issued` verify. */
  ca: string;
  /** Signed by the CA for the given names plus 127.0.0.1 and ::1. */
  issued: KeyAndCertificate;
  /** Self-signed for the same names: never verifies. */
  selfSigned: KeyAndCertificate;
}

const DAY = 24 * 60 * 60 * 1000;

/** Certificates for TLS tests on loopback, made fresh in memory (EC keys: fast to generate). */
export async function createTestCertificates(names: string[] = ['localhost']): Promise<TestCertificates> {
  const validity = { notBeforeDate: new Date(Date.now() - DAY), notAfterDate: new Date(Date.now() + 7 * DAY) };
  const common = { keyType: 'ec' as const, algorithm: 'sha256', ...validity };
  const altNames = [
    ...names.map((value) => ({ type: 2 as const, value })),
    { type: 7 as const, ip: '127.0.0.1' },
    { type: 7 as const, ip: '::1' },
  ];
  const leafExtensions = [
    { name: 'basicConstraints' as const, cA: false },
    { name: 'keyUsage' as const, digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage' as const, serverAuth: true },
    { name: 'subjectAltName' as const, altNames },
  ];
  const ca = await generate([{ name: 'commonName', value: 'conform test CA' }], {
    ...common,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const subject = [{ name: 'commonName', value: names[0] ?? 'localhost' }];
  const issued = await generate(subject, { ...common, extensions: leafExtensions, ca: { key: ca.private, cert: ca.cert } });
  const selfSigned = await generate(subject, { ...common, extensions: leafExtensions });
  return {
    ca: ca.cert,
    issued: { key: issued.private, cert: issued.cert },
    selfSigned: { key: selfSigned.private, cert: selfSigned.cert },
  };
}
