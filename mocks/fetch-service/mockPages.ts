import type { components } from '../../src/generated/fetch-mock-control.ts';
import { MockControlError, type ControlProblem } from '../control-api/MockControlError.ts';
import { encodePageBody } from './encodePageBody.ts';

export type PageInput = components['schemas']['Page'];

/** Caps on what the mock keeps: pages, and bytes per page body. */
export const maxPages = 1000;
export const maxPageBodyBytes = 10 * 1024 * 1024;

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** A page ready to answer: its bytes encoded and its headers built once, when it was added. */
export interface ServedPage {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  body: Buffer;
  /** Resolved against the URL fetched (a pattern's page answers many). */
  redirectTo?: string;
  delayMs: number;
}

interface Entry {
  input: PageInput;
  served: ServedPage;
  /** The exact URL, normalised as a parsed URL's href; or the pattern as a RegExp. */
  key: string;
  match?: RegExp;
}

/** The pages a mock serves, and its one question on the request path: which page answers this URL. */
export interface MockPages {
  list(): PageInput[];
  /** Every page replaced by these, all checked before any is. */
  put(pages: readonly PageInput[]): PageInput[];
  /** Adds a page, or replaces the one with the same url or pattern (`created` false). */
  add(page: PageInput): { page: PageInput; created: boolean };
  /** Drops the page whose url or pattern is `key`; undefined when there is none. */
  delete(key: string): PageInput | undefined;
  clear(): PageInput[];
  /** Back to the pages the mock started with. */
  reset(): void;
  readonly size: number;
  /**
   * The page for `href` (a parsed URL's): an exact url first, then (unless `exactOnly`) the longest
   * pattern that matches. With no patterns this is one Map lookup.
   */
  find(href: string, exactOnly: boolean): ServedPage | undefined;
}

/** Pages checked against the rules the schema cannot say (and the caps); a bad one throws MockControlError naming its field under `at`. */
export function mockPages(initial: readonly PageInput[] = []): MockPages {
  const exact = new Map<string, Entry>();
  // Longest first, so the most specific pattern answers; ties in the order they were added.
  let patterns: Entry[] = [];
  const load = (pages: readonly PageInput[]) => {
    const entries = pages.map((page, i) => prepare(page, `pages[${i}]`));
    exact.clear();
    patterns = [];
    for (const entry of entries) store(entry);
  };
  const store = (entry: Entry) => {
    if (!entry.match) return void exact.set(entry.key, entry);
    const i = patterns.findIndex((p) => p.key === entry.key);
    if (i >= 0) patterns[i] = entry;
    else {
      patterns.push(entry);
      patterns.sort((a, b) => b.key.length - a.key.length);
    }
  };
  const size = () => exact.size + patterns.length;
  const all = () => [...exact.values(), ...patterns].map((e) => e.input);
  if (initial.length > maxPages) throw tooMany('pages');
  load(initial);
  const started = [...initial];
  return {
    list: all,
    put(pages) {
      if (pages.length > maxPages) throw tooMany('pages');
      load(pages);
      return all();
    },
    add(page) {
      const entry = prepare(page, '');
      const known = entry.match ? patterns.some((p) => p.key === entry.key) : exact.has(entry.key);
      if (!known && size() >= maxPages) throw tooMany('url');
      store(entry);
      return { page: entry.input, created: !known };
    },
    delete(key) {
      const href = URL.parse(key)?.href;
      const byUrl = (href !== undefined && exact.get(href)) || exact.get(key);
      if (byUrl) {
        exact.delete(byUrl.key);
        return byUrl.input;
      }
      const i = patterns.findIndex((p) => p.key === key);
      return i < 0 ? undefined : patterns.splice(i, 1)[0]!.input;
    },
    clear() {
      const dropped = all();
      exact.clear();
      patterns = [];
      return dropped;
    },
    reset: () => load(started),
    get size() {
      return size();
    },
    find(href, exactOnly) {
      const hit = exact.get(href);
      if (hit || exactOnly || patterns.length === 0) return hit?.served;
      return patterns.find((p) => p.match!.test(href))?.served;
    },
  };
}

function tooMany(field: string): MockControlError {
  return new MockControlError([{ field, message: `the mock holds at most ${maxPages.toLocaleString('en')} pages` }]);
}

/** A page checked and made ready; `at` prefixes the fields a problem names ("pages[2]"). */
function prepare(input: PageInput, at: string): Entry {
  const problems: ControlProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field: at ? `${at}.${field}` : field, message });
  if ((input.url === undefined) === (input.pattern === undefined)) problem(input.url === undefined ? 'url' : 'pattern', 'a page has exactly one of url and pattern');
  if (input.body !== undefined && input.bodyBase64 !== undefined) problem('bodyBase64', 'a page has body or bodyBase64, not both');
  let key = input.pattern ?? '';
  if (input.url !== undefined) {
    const url = URL.parse(input.url);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) problem('url', `${JSON.stringify(input.url)} is not an absolute http(s) URL`);
    else key = url.href;
  }
  if (input.redirectTo !== undefined && !URL.parse(input.redirectTo, 'http://base.invalid/')) problem('redirectTo', `${JSON.stringify(input.redirectTo)} is not a URL`);
  if (input.redirectTo !== undefined && input.status !== undefined && !redirectStatuses.has(input.status)) problem('status', 'with redirectTo, must be 301, 302, 303, 307 or 308');
  let body: Buffer = Buffer.alloc(0);
  if (input.bodyBase64 !== undefined) body = Buffer.from(input.bodyBase64, 'base64');
  else if (input.body !== undefined || input.charset !== undefined) {
    const encoded = encodePageBody(input.body ?? '', input.charset);
    if ('bytes' in encoded) body = encoded.bytes;
    else problem(encoded.field, encoded.message);
  }
  if (body.length > maxPageBodyBytes) problem(input.bodyBase64 !== undefined ? 'bodyBase64' : 'body', `is ${body.length} bytes; a page body is at most ${maxPageBodyBytes} (10 MiB)`);
  if (problems.length) throw new MockControlError(problems);
  const served: ServedPage = {
    status: input.status ?? (input.redirectTo !== undefined ? 302 : 200),
    headers: pageHeaders(input, body.length),
    body,
    ...(input.redirectTo !== undefined && { redirectTo: input.redirectTo }),
    delayMs: input.delayMs ?? 0,
  };
  return { input: structuredClone(input), served, key, ...(input.pattern !== undefined && { match: patternRegExp(input.pattern) }) };
}

/** `*` any run of characters; everything else literal. */
function patternRegExp(pattern: string): RegExp {
  return new RegExp(`^${pattern.split('*').map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, '\\$&')).join('[\\s\\S]*')}$`);
}

/**
 * The page's headers as given, with its charset set in Content-Type (text/html when it names none), a
 * text body labelled UTF-8 by default, and a Content-Length unless the page gives its own.
 */
function pageHeaders(input: PageInput, length: number): Array<readonly [string, string]> {
  const lines: Array<readonly [string, string]> = Object.entries(input.headers ?? {});
  const typeAt = lines.findIndex(([name]) => name.toLowerCase() === 'content-type');
  const charset = input.charset ?? (input.body !== undefined && typeAt < 0 ? 'utf-8' : undefined);
  if (charset !== undefined) {
    const essence = typeAt < 0 ? 'text/html' : lines[typeAt]![1].split(';')[0]!.trim();
    const value = `${essence}; charset=${charset}`;
    if (typeAt < 0) lines.push(['content-type', value]);
    else lines[typeAt] = [lines[typeAt]![0], value];
  }
  if (!lines.some(([name]) => name.toLowerCase() === 'content-length')) lines.push(['content-length', String(length)]);
  return lines;
}
