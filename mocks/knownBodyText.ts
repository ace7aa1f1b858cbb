/**
 * The text a Response was made from, kept beside it. Reading a Fetch body back out costs as much as
 * making it; the HTTP server writes this text instead, while any other consumer (a user's own msw
 * setup, a wrapper that reads the body) still gets the complete, ordinary Response.
 */
const texts = new WeakMap<Response, string>();

export function withKnownText(response: Response, text: string): Response {
  texts.set(response, text);
  return response;
}

/** The text, unless the body was read already (then whoever read it may have answered differently). */
export function knownText(response: Response): string | undefined {
  return response.bodyUsed ? undefined : texts.get(response);
}
