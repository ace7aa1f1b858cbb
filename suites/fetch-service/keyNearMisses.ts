import type { KeyVariant } from './fetchClient.ts';

/** A value that is almost the issued key, and the path of FS-AUTH-REQUIRED's matrix it takes. */
export interface KeyNearMiss {
  path: string;
  label: string;
  key: KeyVariant;
}

const swapCase = (text: string): string => text.replace(/[A-Za-z]/g, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));

/**
 * The keys a sloppy comparison lets through, each a key nobody issued: the issued key with a character more
 * (after it: a comparison by prefix; before it: by suffix) or less (a prefix or a suffix of it), its letters
 * in the other case, behind an auth scheme, and followed by a no-break space (byte 0xA0, obs-text: part of
 * the field value, which String.prototype.trim() and its kin strip). Spaces and tabs around the key are no
 * near miss: they are not part of a field value (RFC 9110 §5.5), so every service reads the key itself.
 * Shown as shell expressions of the key's variable (POSIX), so no part of the key reaches a report.
 */
export function keyNearMisses(key: string | undefined): KeyNearMiss[] {
  const misses: KeyNearMiss[] = [
    { path: 'key-appended', label: 'the issued key with a character appended', key: { shell: (v) => `\${${v}}x`, of: (k) => `${k}x` } },
    { path: 'key-prepended', label: 'the issued key with a character prepended', key: { shell: (v) => `x\${${v}}`, of: (k) => `x${k}` } },
    { path: 'key-last-dropped', label: 'the issued key without its last character (a prefix of it)', key: { shell: (v) => `\${${v}%?}`, of: (k) => k.slice(0, -1) } },
    { path: 'key-first-dropped', label: 'the issued key without its first character (a suffix of it)', key: { shell: (v) => `\${${v}#?}`, of: (k) => k.slice(1) } },
    { path: 'key-scheme', label: 'the issued key behind an auth scheme (Bearer)', key: { shell: (v) => `Bearer \${${v}}`, of: (k) => `Bearer ${k}` } },
    { path: 'key-nbsp', label: 'the issued key followed by a no-break space (byte 0xA0)', key: { shell: (v) => `\${${v}}$(printf '\\240')`, of: (k) => `${k}\u00a0` } },
  ];
  // A key without letters is its own other case: no near miss to send.
  if (key === undefined || swapCase(key) !== key) {
    misses.push({ path: 'key-case', label: 'the issued key with its letters in the other case', key: { shell: (v) => `$(printf %s "$${v}" | tr a-zA-Z A-Za-z)`, of: swapCase } });
  }
  return misses;
}
