import { isJsonObject } from '../../json/isJsonObject.ts';
import { Anonymizer } from '../Anonymizer.ts';
import { mapStrings } from '../mapStrings.ts';
import type { ObservedExchange } from '../ObservedExchange.ts';
import type { Recorder, RecorderOptions } from '../Recorder.ts';
import { RecordingSecrets } from '../RecordingSecrets.ts';

/** A page of a fetch mock's `--pages` document: what the origin answered for `url`. */
export interface RecordedPage {
  url: string;
  status: number;
  headers: Record<string, string>;
  /** The body as text (decoded with `charset`), or `bodyBase64` for a binary one. */
  body?: string;
  bodyBase64?: string;
  charset?: string;
  /** Where a redirect answer points (its Location, resolved against `url`). */
  redirectTo?: string;
}

export interface PagesDocument {
  pages: RecordedPage[];
}

/** At most this many pages, and bodies of at most this many bytes; more are counted, not kept. */
export const pageRecordingLimits = { pages: 1_000, bodyBytes: 10 * 1024 * 1024, totalBodyBytes: 256 * 1024 * 1024 } as const;

/**
 * Headers of a fetched page a recording never writes: credentials (cookies, authorization, the service's
 * own key echoed), and those of the fetched bytes rather than the page (the service gives the body decoded,
 * so a mock serving it sets its own length and encoding).
 */
const droppedHeaders = new Set(['set-cookie', 'set-cookie2', 'cookie', 'authorization', 'proxy-authorization', 'www-authenticate', 'proxy-authenticate', 'x-svc-api-key', 'x-api-key', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * The fetch service's answers made into a fetch mock's `--pages` document: each 200 answer of
 * POST /v1/fetch is a page at the URL the app asked for (the answer names no other: with
 * allowRedirects, the page is where the chain ended, recorded under its first URL), its status, headers
 * and content; a redirect answered unfollowed (a 3xx with Location) is a page that redirects. A URL
 * fetched again is recorded as last answered.
 */
export function pageRecorder(options: RecorderOptions): Recorder {
  const prefix = new URL(options.target).pathname.replace(/\/+$/, '');
  const secrets = new RecordingSecrets(options.secrets);
  const pages = new Map<string, { page: RecordedPage; bytes: number }>();
  const left = { pages: 0, oversize: 0, unusable: 0 };
  let totalBytes = 0;

  return {
    observe(exchange: ObservedExchange) {
      try {
        secrets.learn(exchange);
        const { request, answer } = exchange;
        if (request.method !== 'POST' || answer.status !== 200 || exchange.noAnswer !== undefined || request.path !== `${prefix}/v1/fetch`) return;
        const asked = parseJson(request.body);
        const result = parseJson(answer.body);
        if (!isJsonObject(asked) || typeof asked.url !== 'string' || !isJsonObject(result)) return void left.unusable++;
        const { statusCode, headers, content, encoding } = result;
        if (typeof statusCode !== 'number' || !isJsonObject(headers) || typeof content !== 'string' || typeof encoding !== 'string') return void left.unusable++;
        let url: URL;
        try {
          url = new URL(asked.url);
        } catch {
          return void left.unusable++;
        }
        const binary = encoding.toLowerCase() === 'base64';
        const bytes = binary ? Math.floor((content.length * 3) / 4) : Buffer.byteLength(content);
        if (bytes > pageRecordingLimits.bodyBytes) return void left.oversize++;
        const before = pages.get(url.href);
        if (!before && pages.size >= pageRecordingLimits.pages) return void left.pages++;
        if (totalBytes - (before?.bytes ?? 0) + bytes > pageRecordingLimits.totalBodyBytes) return void left.oversize++;
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(headers)) if (typeof value === 'string' && !droppedHeaders.has(name.toLowerCase())) kept[name.toLowerCase()] = value;
        const page: RecordedPage = { url: url.href, status: statusCode, headers: kept, ...(binary ? { bodyBase64: content } : { body: content, charset: encoding.toLowerCase() }) };
        const location = kept['location'];
        if (statusCode >= 300 && statusCode < 400 && location && asked.allowRedirects !== true) {
          try {
            page.redirectTo = new URL(location, url).href;
            // The mock sets Location from redirectTo: kept too, the replay would answer two Locations.
            delete kept['location'];
          } catch {
            // A Location that does not resolve: the page is kept as answered, without a redirect to follow.
          }
        }
        totalBytes += bytes - (before?.bytes ?? 0);
        pages.set(url.href, { page, bytes });
      } catch {
        // A recording never breaks the relay: what could not be read is not recorded.
        left.unusable++;
      }
    },

    document(): PagesDocument {
      const anonymizer = options.anonymize ? new Anonymizer() : undefined;
      const document: PagesDocument = { pages: [...pages.values()].map(({ page }) => page) };
      return mapStrings(document, (text) => {
        const redacted = secrets.redact(text);
        return anonymizer ? anonymizer.emailsIn(redacted) : redacted;
      });
    },

    summary() {
      const parts = [`${pages.size} page${pages.size === 1 ? '' : 's'}`];
      if (left.pages) parts.push(`${left.pages} past the bound of ${pageRecordingLimits.pages} pages not recorded`);
      if (left.oversize) parts.push(`${left.oversize} with a body past ${pageRecordingLimits.bodyBytes / 1024 / 1024} MiB (or all bodies past ${pageRecordingLimits.totalBodyBytes / 1024 / 1024} MiB) not recorded`);
      if (left.unusable) parts.push(`${left.unusable} answer${left.unusable === 1 ? '' : 's'} not in the service's shape skipped`);
      return parts.join(', ');
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
