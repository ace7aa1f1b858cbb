/**
 * Matches a request path against an OpenAPI path template, segment by segment on the raw (still
 * percent-encoded) path, so an encoded "/" inside a parameter stays inside it. The template may match
 * the end of the path only: a deployment's base URL can carry a prefix ("/api" + "/v2/users/me").
 * Returns the raw parameter segments and how many leading characters the prefix took, or undefined.
 */
export function matchPathTemplate(template: string, rawPath: string): { params: Record<string, string>; prefix: string } | undefined {
  const want = template.split('/').slice(1);
  const got = rawPath.split('/').slice(1);
  if (got.length < want.length) return undefined;
  const offset = got.length - want.length;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const pattern = want[i]!;
    const segment = got[offset + i]!;
    const name = /^\{([^}]+)\}$/.exec(pattern)?.[1];
    if (name !== undefined) {
      if (segment === '') return undefined;
      params[name] = segment;
    } else if (pattern !== segment) {
      return undefined;
    }
  }
  return { params, prefix: offset === 0 ? '' : `/${got.slice(0, offset).join('/')}` };
}

/** How specific a template is: literal segments count more than parameters, so /users/me beats /users/{id}. */
export function templateWeight(template: string): number {
  return template
    .split('/')
    .slice(1)
    .reduce((sum, s) => sum + (s.startsWith('{') ? 1 : 2), 0);
}
