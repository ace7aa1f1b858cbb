import { createSecureContext } from 'node:tls';
import type { KeyAndCert } from './farmCertificates.ts';

/** Throws, in the TLS library's words, when the key does not match the certificate or either is no PEM. */
export function checkCertificate(pair: KeyAndCert): void {
  try {
    createSecureContext(pair);
  } catch (err) {
    throw new Error(`the certificate and key cannot serve TLS: ${err instanceof Error ? err.message : String(err)}`);
  }
}
