/**
 * The URL the API's paths (/v2/users/me, /v2/users/me/meetings, ...) are appended to. The seed writes
 * them {api_base_url}/v2/..., while the real platform's documentation calls https://api.zoom.us/v2 its
 * base URL, and that is what a user copies: both are taken, a last /v2 segment dropped. No deployment is
 * taken from anyone: one whose own prefix ended in /v2 would answer its API at /v2/v2/..., which no
 * platform does.
 */
export function apiRoot(apiBaseUrl: string): string {
  return apiBaseUrl.replace(/\/+$/, '').replace(/\/v2$/, '');
}
