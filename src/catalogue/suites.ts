/** The suites `conform run` knows, in the order it runs them. */
export const suiteNames = ['fetch-service', 'meeting-platform', 'unit-record'] as const;

export type SuiteName = (typeof suiteNames)[number];

export function isSuiteName(value: string): value is SuiteName {
  return (suiteNames as readonly string[]).includes(value);
}
