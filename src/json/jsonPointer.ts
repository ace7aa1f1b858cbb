/** JSON Pointer (RFC 6901) helpers for pointing into a record. */

export function pointerOf(...segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => '/' + String(s).replaceAll('~', '~0').replaceAll('/', '~1')).join('');
}

export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The value `pointer` names inside `root`, or undefined when nothing is there. */
export function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const segment of pointerSegments(pointer)) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** How a person names the place: "order", "children[2]", "the record" for the root. */
export function fieldLabel(pointer: string): string {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return 'the record';
  return segments.map((s, i) => (i > 0 && /^\d+$/.test(s) ? `[${s}]` : i > 0 ? `.${s}` : s)).join('');
}
