const maxQuoted = 40;

/** A short, readable account of a JSON value for error messages: `"0083.2"`, `number 1.5`, `an array`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : 'an array';
  switch (typeof value) {
    case 'string': {
      if (value === '') return 'an empty string';
      const quoted = JSON.stringify(value);
      return quoted.length > maxQuoted ? `${quoted.slice(0, maxQuoted - 4)}..." (${[...value].length} characters)` : quoted;
    }
    case 'number':
    case 'boolean':
      return `${typeof value} ${String(value)}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}
