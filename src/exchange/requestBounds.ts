/**
 * How long an exchange with a target may take and how much of its answer is read: a target that never
 * answers, drips, streams forever or inflates a small body into gigabytes ends the exchange with a reason
 * instead of holding the run (or its memory) for ever.
 */
export interface RequestBounds {
  /** Seconds from sending a request to the answer's last header (connecting and uploading included). */
  headersTimeout: number;
  /** Seconds from the headers to the body's last byte: a deadline for the whole body, not an idle timer. */
  bodyTimeout: number;
  /** MiB of body read at most, counted on the wire and again once decompressed. */
  maxBodyMib: number;
}

/**
 * The defaults. 30 s for headers leaves a busy CI machine and a slow network room (the meeting platform
 * answers in well under a second); the fetch service's POSTs get its fetch timeout on top, since it may
 * take that long before its 504. 60 s for a body of up to 64 MiB: the reference's largest answer (a
 * 10 MiB page, escaped in JSON) arrives in well under a second on loopback.
 */
export const defaultRequestBounds: Readonly<RequestBounds> = { headersTimeout: 30, bodyTimeout: 60, maxBodyMib: 64 };

/** The largest header section read: Node's own default, which undici enforces. */
export const maxHeaderBytes = 16 * 1024;
