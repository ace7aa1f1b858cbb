import { spawn } from 'node:child_process';

export interface ValidatorVerdict {
  /** valid: exit 0; invalid: exit 1; broke: anything else (crash, signal, timeout, not found). */
  verdict: 'valid' | 'invalid' | 'broke';
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** The validator's output, cut to a size fit for a report. */
  output: string;
}

const maxOutput = 4000;

/**
 * Runs a validator command as docs/command-line.md (`--validator`) says: COMMAND with the record file's path appended.
 * The command is shell text (it may carry its own arguments); the path goes in as "$1", never spliced in.
 */
export function runValidatorCommand(command: string, file: string, timeoutMs = 30_000): Promise<ValidatorVerdict> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', `${command} "$1"`, 'conform-validator', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      if (output.length < maxOutput) output += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    let spawnError: Error | undefined;
    child.on('error', (err) => (spawnError = err));
    child.on('close', (exitCode, signal) => {
      const timedOut = signal === 'SIGKILL' && exitCode === null;
      const verdict = exitCode === 0 ? 'valid' : exitCode === 1 ? 'invalid' : 'broke';
      const text = spawnError ? `${output}\n${spawnError.message}` : output;
      resolve({ verdict, exitCode, signal, timedOut, output: text.slice(0, maxOutput).trim() });
    });
  });
}

/** How a command that broke ended, in words: "timed out", "was killed by SIGSEGV", "exited 127". */
export function howItBroke(v: ValidatorVerdict): string {
  return v.timedOut ? 'timed out' : v.signal ? `was killed by ${v.signal}` : `exited ${v.exitCode}`;
}
