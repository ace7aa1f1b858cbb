import { STATUS_CODES } from 'node:http';
import { isObject } from '../expectations.ts';
import type { Transform } from './startRewritingProxy.ts';
import { parseJson, withJson } from './startRewritingProxy.ts';

/**
 * Fetch services broken in ways only generated requests find: each crashes, or answers wrongly, on
 * particular inputs no hand-written probe sends, or breaks the response schema in a field no
 * hand-written check looks at. Each must fail the generated clauses it names, and no other.
 */
export interface GeneratedVariant {
  name: string;
  /** A crash fails the crash clause alone; an answer off the spec fails every clause whose requests get it. */
  breaks: Array<'FS-FUZZ-NO-5XX' | 'FS-FUZZ-POSITIVE' | 'FS-FUZZ-NEGATIVE'>;
  transform: Transform;
}

const known = new Set(['url', 'allowRedirects', 'allowInsecureSsl', 'proxies']);

const crash = { status: 500, headers: { 'content-type': 'application/json' }, text: '{"statusCode":500,"error":"Internal Server Error","message":"Unexpected error."}', json: undefined };

/** The request's JSON body as an object, when it is one. */
function body(text: string): Record<string, unknown> | undefined {
  const value = parseJson(text);
  return isObject(value) ? value : undefined;
}

export const generatedVariants: GeneratedVariant[] = [
  {
    name: 'crashes on a URL longer than 1500 characters',
    breaks: ['FS-FUZZ-NO-5XX'],
    transform: async (request, forward) => {
      const url = body(request.text)?.url;
      return typeof url === 'string' && url.length > 1500 ? crash : forward(request);
    },
  },
  {
    name: 'crashes on a field it does not know whose value is not a string',
    breaks: ['FS-FUZZ-NO-5XX'],
    transform: async (request, forward) => {
      const fields = body(request.text) ?? {};
      return Object.entries(fields).some(([k, v]) => !known.has(k) && typeof v !== 'string') ? crash : forward(request);
    },
  },
  {
    name: 'crashes on a percent-encoded astral-plane character in the URL',
    breaks: ['FS-FUZZ-NO-5XX'],
    transform: async (request, forward) => {
      const url = body(request.text)?.url;
      return typeof url === 'string' && /%F0/i.test(url) ? crash : forward(request);
    },
  },
  {
    name: 'refuses a valid URL whose query holds percent-encoded non-ASCII text',
    breaks: ['FS-FUZZ-POSITIVE'],
    transform: async (request, forward) => {
      const url = body(request.text)?.url;
      const query = typeof url === 'string' ? (url.split('#')[0]!.split('?')[1] ?? '') : '';
      if (!/%[C-F][0-9A-F]/i.test(query)) return forward(request);
      return withJson(crash, { statusCode: 400, error: 'Bad Request', message: 'url must be an absolute http or https URL.' }, 400);
    },
  },
  {
    name: 'reports statusCode 0 for an origin status that has no reason phrase',
    breaks: ['FS-FUZZ-POSITIVE', 'FS-FUZZ-NEGATIVE'],
    transform: async (request, forward) => {
      const reply = await forward(request);
      const result = reply.status === 200 && isObject(reply.json) ? reply.json : undefined;
      return result && typeof result.statusCode === 'number' && !STATUS_CODES[result.statusCode] ? withJson(reply, { ...result, statusCode: 0 }) : reply;
    },
  },
  {
    name: 'answers a body that is not JSON with {error, message} only',
    breaks: ['FS-FUZZ-NEGATIVE'],
    transform: async (request, forward) => {
      const reply = await forward(request);
      return reply.status === 415 && isObject(reply.json) ? withJson(reply, { error: reply.json.error, message: reply.json.message }) : reply;
    },
  },
];
