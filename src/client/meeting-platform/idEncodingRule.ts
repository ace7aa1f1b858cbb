import { encodeMeetingId, needsDoubleEncoding } from '../../meeting-platform/core/encodeMeetingId.ts';
import { safeDecode } from '../safeDecode.ts';
import type { ClientCase } from '../ClientCase.ts';
import { answerCode } from './bearerRule.ts';
import type { MeetingClientState } from './MeetingClientState.ts';
import type { MeetingRead } from './readMeetingExchange.ts';

const clause = 'MP-CLIENT-ID-ENCODING';
const diagnosis =
  'Encode a meeting UUID with encodeURIComponent, twice when it starts with "/" or contains "//" (encodeURIComponent(encodeURIComponent(uuid))): the platform decodes a path once at its gateway, where "//" is folded, then decodes the identifier again.';


/** The path of the clause a meeting identifier is on, by its shape. */
export function identifierPath(id: string): string {
  if (/^\d{1,19}$/.test(id)) return 'numeric';
  if (id.startsWith('/')) return 'leading-slash';
  if (id.includes('//')) return 'double-slash';
  if (id.includes('/')) return 'lone-slash';
  return id.includes('+') ? 'plus' : 'plain';
}

/** " (answered 404 code 3001)" when the platform did not answer 200. */
function answered(read: MeetingRead): string {
  const { status } = read.x.answer;
  return status === 200 ? '' : ` (answered ${status}${answerCode(read).replace(/:.*$/, '')})`;
}

/** What the platform did with the identifier: " (the platform read "abc==" and answered 404 code 3001)". */
function reading(read: MeetingRead, value: string): string {
  const status = answered(read);
  return status ? ` (the platform read "${value}" and ${status.slice(2)}` : '';
}

/** Decoded until nothing is left to decode (an identifier encoded any number of times). */
function fullyDecoded(text: string): string {
  let out = text;
  for (let i = 0; i < 8 && /%[0-9A-Fa-f]{2}/.test(out); i++) out = safeDecode(out) ?? out;
  return out;
}

/**
 * MP-CLIENT-ID-ENCODING on GET /v2/meetings/{meetingId}: what the client meant (a UUID the platform
 * listed, else the identifier as the client encoded it), against what the platform reads after its
 * gateway's decoding (which folds "//") and the service's. A fold, a "/" of a listed UUID left as is, an
 * escape still there after both decodings, or a "+" read as a space: the platform reads another identifier.
 */
export function judgeIdEncoding(read: MeetingRead, state: MeetingClientState): ClientCase | undefined {
  const raw = read.rawMeetingId;
  const platformRead = read.params.meetingId;
  if (read.op !== 'meeting' || raw === undefined || platformRead === undefined) return undefined;
  const once = safeDecode(raw) ?? raw;
  const twice = safeDecode(once) ?? once;
  const folds = once.startsWith('/') || once.includes('//');
  const meant = [platformRead, once, twice].find((id) => state.uuids.has(id)) ?? (folds ? once : platformRead);
  const c = { clause, path: identifierPath(meant), diagnosis };
  const encodedTwice = encodeMeetingId(meant);
  if (folds) {
    const unencoded = raw.startsWith('/') || raw.includes('//');
    const what = meant.startsWith('/') ? 'starts with "/"' : 'contains "//"';
    return {
      ...c,
      problem: `this UUID ${what}; the platform decodes a path once, so it must be encoded twice: ${encodedTwice}${reading(read, platformRead)}`,
      cause: `a UUID that ${what} sent ${unencoded ? 'unencoded' : 'encoded once'}`,
    };
  }
  if (raw.includes('/') && state.uuids.has(meant) && meant.includes('/')) {
    return { ...c, problem: `the "/" of this UUID was sent as it is, a path separator: encode it (${encodedTwice})${reading(read, platformRead)}`, cause: 'a "/" of a UUID left unencoded' };
  }
  if (/%[0-9A-Fa-f]{2}/.test(platformRead)) {
    const id = fullyDecoded(platformRead);
    return {
      ...c,
      path: identifierPath(id),
      problem: `encoded once too often: after the platform's two decodings it still read "${platformRead}"; encode it ${needsDoubleEncoding(id) ? 'twice' : 'once'}: ${encodeMeetingId(id)}${answered(read)}`,
      cause: 'a UUID encoded once too often',
    };
  }
  const plus = platformRead.includes(' ') ? platformRead.replace(/ /g, '+') : undefined;
  if (plus && state.uuids.has(plus)) {
    return { ...c, path: identifierPath(plus), problem: `the "+" of this UUID reached the platform as a space ("${platformRead}"): encode "+" as %2B (${encodeMeetingId(plus)})`, cause: 'a "+" of a UUID sent as a space' };
  }
  return c;
}

/** The meeting UUIDs an answer names (a list page, a meeting): what later identifiers are meant to be. */
export function listedUuids(read: MeetingRead): string[] {
  if (read.x.answer.status !== 200 || (read.op !== 'meetings' && read.op !== 'meeting')) return [];
  const body = read.answer as { uuid?: unknown; meetings?: Array<{ uuid?: unknown }> } | undefined;
  if (!body || typeof body !== 'object') return [];
  const items = read.op === 'meetings' ? (Array.isArray(body.meetings) ? body.meetings : []) : [body];
  return items.map((m) => m?.uuid).filter((u): u is string => typeof u === 'string');
}
