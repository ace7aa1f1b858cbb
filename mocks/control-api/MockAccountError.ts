/**
 * An account call the registry refuses: an unknown account (404), or one that cannot be made or dropped
 * as asked (409: the default account, an id or client id already taken). Over HTTP it is the answer's status.
 */
export class MockAccountError extends Error {
  readonly status: 404 | 409;

  constructor(status: 404 | 409, message: string) {
    super(message);
    this.name = 'MockAccountError';
    this.status = status;
  }
}
