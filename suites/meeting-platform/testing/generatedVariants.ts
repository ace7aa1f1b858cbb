import type { MeetingPlatformMock } from '../../../mocks/meeting-platform/createMeetingPlatformMock.ts';
import type { HttpHandler } from 'msw';
import { correct, inFront, isList, isToken, rewriteJson, withQuery } from './brokenVariants.ts';

type GeneratedClause = 'MP-FUZZ-NO-5XX' | 'MP-FUZZ-POSITIVE' | 'MP-FUZZ-NEGATIVE' | 'MP-FUZZ-LINKS';

/**
 * Meeting platforms broken in ways only generated requests find: each crashes, or answers wrongly, on
 * particular inputs no hand-written check sends. Each must fail the generated clauses it names, no other.
 */
export interface GeneratedVariant {
  name: string;
  fault: string;
  breaks: GeneratedClause[];
  prepend(mock: MeetingPlatformMock): HttpHandler[];
}

const crash = () => Response.json({ code: 500, message: 'Internal error.' }, { status: 500 });
const pageSize = (request: Request) => new URL(request.url).searchParams.get('page_size');

export const generatedVariants: GeneratedVariant[] = [
  {
    name: 'page-size-crash',
    fault: 'a page_size above 300 crashes the list instead of being capped',
    breaks: ['MP-FUZZ-NO-5XX'],
    prepend: inFront(async (request) => (isList(request) && /^\d+$/.test(pageSize(request) ?? '') && Number(pageSize(request)) > 300 ? crash() : undefined)),
  },
  {
    name: 'meeting-id-unicode-crash',
    fault: 'a meeting id with a character outside ASCII crashes the lookup',
    breaks: ['MP-FUZZ-NO-5XX'],
    prepend: inFront(async (request) => {
      const path = new URL(request.url).pathname;
      if (!path.includes('/v2/meetings/')) return undefined;
      try {
        return /[^\x00-\x7f]/.test(decodeURIComponent(decodeURIComponent(path))) ? crash() : undefined;
      } catch {
        return undefined;
      }
    }),
  },
  {
    name: 'token-unknown-field-crash',
    fault: 'the token endpoint crashes on a form field it does not know',
    breaks: ['MP-FUZZ-NO-5XX'],
    prepend: inFront(async (request) => {
      if (!isToken(request)) return undefined;
      const fields = new URLSearchParams(await request.clone().text());
      return [...fields.keys()].some((k) => !['grant_type', 'account_id', 'client_id', 'client_secret'].includes(k)) ? crash() : undefined;
    }),
  },
  {
    name: 'live-list-refused',
    fault: 'the list refuses type=live, a type the spec lists',
    breaks: ['MP-FUZZ-POSITIVE'],
    prepend: inFront(async (request) =>
      isList(request) && new URL(request.url).searchParams.get('type') === 'live' ? Response.json({ code: 300, message: 'Validation Failed.', errors: [{ field: 'type', message: 'Invalid field.' }] }, { status: 400 }) : undefined,
    ),
  },
  {
    name: 'type-error-without-code',
    fault: 'an unknown list type gets a 400 whose body has no code',
    breaks: ['MP-FUZZ-NEGATIVE'],
    prepend: inFront(async (request, mock) => {
      if (!isList(request)) return undefined;
      const response = await correct(request, mock);
      const typeError = (body: Record<string, unknown>) => Array.isArray(body.errors) && body.errors.some((e: { field?: unknown }) => e.field === 'type');
      return response?.status === 400 ? rewriteJson(response, ({ code, ...rest }) => (typeError(rest) ? rest : { code, ...rest })) : response;
    }),
  },
  {
    name: 'page-size-echo-uncapped',
    fault: 'a page_size above 300 is capped, but the answer states the page_size asked for',
    breaks: ['MP-FUZZ-NEGATIVE'],
    prepend: inFront(async (request, mock) => {
      const asked = Number(pageSize(request));
      if (!isList(request) || !/^\d+$/.test(pageSize(request) ?? '') || asked <= 300) return undefined;
      return rewriteJson(await correct(request, mock), (body) => (typeof body.page_size === 'number' ? { ...body, page_size: asked } : body));
    }),
  },
  {
    name: 'odd-pages-skip',
    fault: 'with an odd page_size above 10, each next_page_token skips one meeting',
    breaks: ['MP-FUZZ-LINKS'],
    prepend: inFront(async (request, mock) => {
      const size = Number(pageSize(request));
      if (!isList(request) || !(size > 10 && size % 2 === 1 && size < 300)) return undefined;
      const longer = await correct(withQuery(request, (q) => q.set('page_size', String(size + 1))), mock);
      const token = longer?.ok ? ((await longer.json()) as { next_page_token?: unknown }).next_page_token : undefined;
      return rewriteJson(await correct(request, mock), (body) => ({ ...body, next_page_token: body.next_page_token ? (token ?? body.next_page_token) : body.next_page_token }));
    }),
  },
];
