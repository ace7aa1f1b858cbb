/** `value` with every string in it (object keys aside) passed through `map`: a JSON value, copied. */
export function mapStrings<T>(value: T, map: (text: string) => string): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return map(v);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  // The walk keeps the shape: strings stay strings, arrays arrays, objects their keys.
  return walk(value) as T;
}
