import type { CompiledOperation } from '../../openapi/CompiledOperation.ts';
import type { CompiledSpec } from '../../openapi/compileSpec.ts';
import type { GeneratedRequest } from '../../openapi/GeneratedRequest.ts';
import type { GenerationOptions } from '../../openapi/GenerationOptions.ts';
import type { Excuses, GeneratedExchange } from '../../openapi/judgeGenerated.ts';
import type { ShownRequest } from '../../exchange/curlCommand.ts';
import type { SuiteName } from '../../catalogue/suites.ts';
import type { GeneratedClause } from './GeneratedClause.ts';

/** What came back for a generated request, with the request as a report shows it (secrets as $VARS). */
export interface SentExchange extends GeneratedExchange {
  shown: ShownRequest;
  durationMs: number;
}

/** How a suite's target takes generated requests: the suite adds address, credentials and safety. */
export interface FuzzBinding {
  suite: SuiteName;
  /**
   * The catalogue id each generated clause's checks report, written out where the suite defines those
   * checks (`{ 'NO-5XX': 'FS-FUZZ-NO-5XX', ... }`), so a search for the id finds them.
   */
  clauses: Record<GeneratedClause, string>;
  spec: CompiledSpec;
  operations: Array<{ operation: CompiledOperation; options: GenerationOptions }>;
  /** Sends a request; throws a CheckBlocked when it cannot (no access token to send it with). */
  send(operation: CompiledOperation, request: GeneratedRequest, signal?: AbortSignal): Promise<SentExchange>;
  excuses?: Omit<Excuses, 'linkFed'>;
  /**
   * How the target refuses valid credentials, and the clause that judges them (FS-AUTH-KEY: the issued key
   * refused). When every valid request the positive clause sends is refused so, it has nothing to judge and
   * is blocked by that clause; when some are served, the refused ones are failures of its own.
   */
  credentialsRefused?: { clause: string; refused(x: SentExchange): boolean };
}

