/**
 * The text of a record's fixture file, as `records generate --out` writes it: pretty-printed, whatever
 * the record is (an invalid one may be an array or a string), read back as that one record.
 */
export function fixtureText(record: unknown): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}
