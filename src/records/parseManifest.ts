import type { Label } from './unwrapLabelled.ts';

export type ParsedManifest = { ok: true; labels: Map<string, Label> } | { ok: false; reason: string };

/**
 * Reads generate's manifest.json, `[{file, valid, rule?}]`, into each file's label. Anything else is a
 * one-line reason naming the first entry that is wrong.
 */
export function parseManifest(text: string): ParsedManifest {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch (err) {
    return { ok: false, reason: `is not JSON: ${(err as Error).message.split('\n')[0]!}` };
  }
  if (!Array.isArray(value)) return { ok: false, reason: 'is not a manifest: expected an array of {file, valid, rule?}' };
  const labels = new Map<string, Label>();
  for (const [i, entry] of value.entries()) {
    const { file, valid, rule } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const wrong =
      typeof file !== 'string' || file === ''
        ? 'no "file"'
        : typeof valid !== 'boolean'
          ? '"valid" that is not true or false'
          : rule !== undefined && typeof rule !== 'string'
            ? '"rule" that is not a clause id'
            : labels.has(file)
              ? `"file" ${JSON.stringify(file)}, already listed`
              : undefined;
    if (wrong !== undefined) return { ok: false, reason: `is not a manifest: entry ${String(i)} has ${wrong}` };
    labels.set(file as string, typeof rule === 'string' ? { valid: valid as boolean, rule } : { valid: valid as boolean });
  }
  return { ok: true, labels };
}
