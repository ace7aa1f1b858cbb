/** A query parameter or path segment the farm cannot use: the request is answered 400 with this message. */
export class QueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryError';
  }
}

export interface IntegerBounds {
  fallback: number;
  min: number;
  max: number;
}

/** An integer query parameter within bounds, `fallback` when absent or empty; anything else is a QueryError. */
export function queryInteger(url: URL, name: string, bounds: IntegerBounds): number {
  return boundedInteger(name, url.searchParams.get(name), bounds);
}

/** `text` as an integer within bounds, `fallback` when absent or empty; anything else is a QueryError. */
export function boundedInteger(name: string, text: string | null | undefined, bounds: IntegerBounds): number {
  if (text === null || text === undefined || text === '') return bounds.fallback;
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < bounds.min || n > bounds.max) {
    throw new QueryError(`${name} must be an integer from ${bounds.min} to ${bounds.max}, got "${text}"`);
  }
  return n;
}
