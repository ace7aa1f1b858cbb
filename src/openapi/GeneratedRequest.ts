/**
 * Whether a mutation's request must be refused, or may be accepted or refused: "refuse" for what the seed
 * or the real platform makes invalid (wrong type, required field missing, malformed JSON, wrong content
 * type, no credentials), "open" where they leave the choice to the service (an unknown field, a repeated
 * or unknown query parameter, a value past a bound a platform may clamp).
 */
export type MutationKind = 'refuse' | 'open';

/** The one rule a negative request breaks, named so a failure says which. */
export interface Mutation {
  /** "wrong type", "required field missing", "unknown query parameter" ... */
  name: string;
  kind: MutationKind;
  /** Where in the request: "/body/allowRedirects", "/query/page_size", "/header/content-type", "/credentials". */
  pointer: string;
  /** What this request does, concretely: 'allowRedirects is "true" (a string)'. */
  detail: string;
  /**
   * The request is malformed below the API (its request line), so a server in front of the API may
   * refuse it in its own words, HTML included: any 4xx will do.
   */
  frontServerMayAnswer?: boolean;
}

export interface GeneratedBody {
  /** Sent as Content-Type; null sends none. */
  mediaType: string | null;
  /** The body's value: a JSON value, or form fields by name. */
  value?: unknown;
  /** Text sent as it is, instead of `value` (malformed JSON, a repeated key). */
  raw?: string;
}

/**
 * A request made from an operation of the spec, before the binding to a target adds its address and
 * credentials: what fast-check generates and shrinks, and what a failure report shows.
 */
export interface GeneratedRequest {
  operationId: string;
  method: string;
  /** Path parameter values, encoded when the request is sent. */
  pathParams: Record<string, string>;
  /** Path segments sent exactly as they are (invalid percent-encoding on purpose). */
  rawPathParams: Record<string, string>;
  /** In order, repeats allowed; names and values are percent-encoded when sent. */
  query: Array<[string, string]>;
  headers: Array<[string, string]>;
  body?: GeneratedBody;
  /** The operation's credentials: the target's own, none, or ones nobody issued. */
  credentials: 'valid' | 'missing' | 'invalid';
  /** Absent for a positive (valid) request. */
  mutation?: Mutation;
}
