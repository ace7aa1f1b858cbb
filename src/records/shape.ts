import fc from 'fast-check';

type Infer<A> = A extends fc.Arbitrary<infer T> ? T : never;

const absent = Symbol('absent');

/**
 * Objects with the given keys, each value from its arbitrary; keys listed in `optional` are left out
 * about half of the time. Built on fc.tuple because fc.record costs about three times as much per key,
 * and records have to be generated at more than 20,000 a second (bench/records.bench.ts).
 */
export function shape<M extends Record<string, fc.Arbitrary<unknown>>, O extends keyof M & string = never>(
  model: M,
  optional: readonly O[] = [],
): fc.Arbitrary<{ [K in Exclude<keyof M, O>]: Infer<M[K]> } & { [K in O]?: Infer<M[K]> }> {
  const keys = Object.keys(model);
  const parts = keys.map((k) => {
    const arbitrary = model[k]!;
    return (optional as readonly string[]).includes(k) ? fc.option(arbitrary, { nil: absent, freq: 2 }) : arbitrary;
  });
  return fc.tuple(...parts).map((values) => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) if (values[i] !== absent) object[keys[i]!] = values[i];
    // The mapped type cannot follow the loop above; the keys and values are those of the model.
    return object as never;
  });
}
