import { describeOutcome, outcomeJson } from './describeOutcome.ts';
import { OutputBuffer } from './OutputBuffer.ts';
import { validateInputs, type RecordInput, type ValidateInputsOptions } from './validateInputs.ts';
import { ValidationTally } from './ValidationTally.ts';
import type { OutputStream } from './writeToReader.ts';

export interface WriteVerdictsOptions extends ValidateInputsOptions {
  /** One JSON document, `{records: [...], tree?, summary}`, instead of lines. */
  json?: boolean;
}

/** Where writeVerdicts writes, and what it tells as it goes. */
export interface VerdictOutput {
  /** The verdicts: a line per error and the summary line last, or the JSON document. */
  out: OutputStream;
  /**
   * A place that held no readable record, in one line (without --json; the document holds them then).
   * On a terminal, what came before it on `out` is written first, so the two read in order.
   */
  unreadable(line: string): void;
  /** Before each write to `out`: e.g. wiping a progress line from the same terminal. */
  beforeWrite?(): void;
  /** After each batch of records: the counts so far. */
  progress?(tally: ValidationTally): void;
}

/**
 * Validates every record of every input (validateInputs) and writes the verdicts to `out` as they come,
 * in large writes that wait for the reader: a line per error of an invalid record without a label and
 * per disagreement with a label, then the summary line; with `json`, one document written as the run
 * goes. Nothing is kept per record. Stops writing once the reader goes away (`| head`). Returns the
 * counts, whose exitCode is the run's.
 */
export async function writeVerdicts(inputs: readonly RecordInput[], options: WriteVerdictsOptions, output: VerdictOutput): Promise<ValidationTally> {
  const { json, ...validateOptions } = options;
  const tally = new ValidationTally();
  const out = new OutputBuffer(output.out, output.beforeWrite);
  let treeJson = '';
  let separator = '';
  if (json) out.add('{"records": [\n');
  for await (const outcomes of validateInputs(inputs, validateOptions)) {
    tally.add(outcomes);
    for (const o of outcomes) {
      if (o.kind === 'tree' && json) {
        treeJson = `,\n"tree": ${JSON.stringify(outcomeJson(o))}`;
      } else if (json) {
        out.add(separator + JSON.stringify(outcomeJson(o)));
        separator = ',\n';
      } else if (o.kind === 'unreadable') {
        if (output.out.isTTY) await out.flush();
        output.unreadable(describeOutcome(o)[0]!);
      } else {
        for (const line of describeOutcome(o)) out.add(line + '\n');
      }
    }
    // Once the reader is gone, there is no one to tell the rest to.
    if (!(await out.flush(1 << 16))) return tally;
    output.progress?.(tally);
  }
  out.add(json ? `\n]${treeJson},\n"summary": ${JSON.stringify(tally)}}\n` : tally.summaryLine() + '\n');
  await out.flush();
  return tally;
}
