// Plain JavaScript, like conform.js beside it: the V8 flags a command runs best under, and the relaunch
// that applies them (V8 reads its heap limits once, at startup).
import { spawn } from 'node:child_process';

/**
 * `records validate` parses millions of short-lived records on this thread (and reads, splits and prints
 * them when workers parse): V8 then keeps doubling the young generation, and peak RSS for 1,000,000
 * NDJSON records was 1.43x that for 100,000. With semi-spaces capped at 8 MiB it is within 1.2x, and the
 * run is no slower (bench/records-validate.bench.ts). The workers are capped their own way (ValidatorPool).
 */
export function nodeFlagsFor(args) {
  const words = args.filter((a) => !a.startsWith('-'));
  return words[0] === 'records' && words[1] === 'validate' ? ['--max-semi-space-size=8'] : [];
}

/**
 * Runs `script` again under the flags `args` call for, when this process lacks them, and resolves to the
 * child's exit code; undefined when this process already runs as it should. A signal to this process is
 * passed on, and a child killed by one ends this process the same way.
 */
export async function relaunched(script, args) {
  const missing = nodeFlagsFor(args).filter((flag) => !process.execArgv.includes(flag));
  if (missing.length === 0) return undefined;
  const child = spawn(process.execPath, [...process.execArgv, ...missing, script, ...args], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const [code, signal] = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (...ended) => resolve(ended));
  });
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  }
  return code ?? 1;
}
