import type fc from 'fast-check';
import type { PathEncoder } from './encodeRequest.ts';
import type { GeneratedRequest, MutationKind } from './GeneratedRequest.ts';

/** A suite's own invalid (or doubtful) values for one place of a request, as a named mutation. */
export interface ExtraMutation {
  /** "/body/url", "/query/page_size", "/path/meetingId". */
  pointer: string;
  name: string;
  kind: MutationKind;
  values: fc.Arbitrary<unknown>;
}

export interface GenerationOptions {
  /** Pointer → values to use there instead of the schema's (URLs on the origin farm, the real account id). */
  values?: Record<string, fc.Arbitrary<unknown>>;
  /**
   * Pointer → invalid values that replace the generic ones of its format mutation: a suite knows which
   * malformed URLs are safe to send (on the origin farm's host, never another).
   */
  mutations?: ExtraMutation[];
  /**
   * Mutations the spec's keywords make invalid but the suite's seed leaves open (what the seed says a
   * client sends, not what the server must refuse): generated, but their answer may be an acceptance.
   */
  leftOpen?: ReadonlyArray<{ name: string; pointer: string }>;
  /** The safety rules: a request this rejects is never generated. */
  safe?: (request: GeneratedRequest) => boolean;
  /** How path parameter values become segments (the meeting platform's identifier rule). */
  encodePath?: PathEncoder;
  /**
   * Optional parameters whose values the server issues (links fill them from earlier answers: a page
   * token). A made-up one rarely names anything and gets the request refused whatever else it holds,
   * so they are left out four times in five.
   */
  serverIssued?: ReadonlySet<string>;
}
