/**
 * A folder of record files that cannot be written, read or merged as asked (a file in the way, a
 * manifest part missing or of another set, a listed file not there). The message is one line saying why;
 * the CLI prints it and exits 2.
 */
export class RecordFolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordFolderError';
  }
}
