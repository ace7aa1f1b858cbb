import { Command, Option } from 'commander';
import { Redactor } from '../../exchange/Redactor.ts';
import type { FirstCallResult, FirstCallStep } from '../../meeting-platform/firstCallProbe.ts';
import { credentialEnv, credentialsFromEnv } from '../../meeting-platform/core/meetingCredentials.ts';
import { realPlatform } from '../../meeting-platform/realPlatform.ts';
import { UsageError } from '../UsageError.ts';
import { numberRules } from '../../harness/options/numberRules.ts';
import { numberOption, parseHttpUrl } from '../parseOptions.ts';

interface FirstCallFlags {
  authUrl: string;
  apiBaseUrl: string;
  pageSize: number;
  meeting?: string;
}

const helpText = [
  '',
  `Credentials come from $${credentialEnv.clientId}, $${credentialEnv.clientSecret} and $${credentialEnv.accountId}`,
  '(a server-to-server app\'s credentials page shows all three); secrets are never printed.',
  '',
  'Calls, in order, each stopping the sequence when it fails:',
  '  token                  POST {auth-url}/oauth/token (Basic client auth, grant_type=account_credentials)',
  '  current user           GET {api-base-url}/v2/users/me',
  '  meetings               GET {api-base-url}/v2/users/me/meetings?page_size=N',
  '  meeting by identifier  GET {api-base-url}/v2/meetings/{id}: --meeting, else the first listed meeting',
  'Each failure comes with a diagnosis: an HTML page means a wrong address or flow, invalid_client a',
  'wrong id or secret, a 404 for a meeting the user can see an identifier type or encoding mismatch.',
  '',
  'Exit codes: 0 every call passed; 1 a call failed; 2 could not run (missing credentials, bad flags,',
  'a host that cannot be reached).',
].join('\n');

export function registerCheck(program: Command): void {
  const check = program.command('check').summary("a platform's first-call checks, with a diagnosis for each failure");
  check
    .command('meeting-platform')
    .summary('token, /users/me and one page of meetings against a real account')
    .description("The seed's first-call sequence against a real meeting-platform account, read-only.")
    .addOption(new Option('--auth-url <url>', 'where the token endpoint lives').argParser(parseHttpUrl).default(realPlatform.authUrl))
    .addOption(new Option('--api-base-url <url>', 'the API base URL, as the platform documents it (https://api.zoom.us/v2) or without /v2').argParser(parseHttpUrl).default(realPlatform.apiBaseUrl))
    .addOption(numberOption('--page-size <n>', 'meetings on the one page fetched', numberRules.count).default(30))
    .addOption(new Option('--meeting <id>', 'a meeting you see in the user interface: its number (spaces allowed) or UUID'))
    .addHelpText('after', helpText)
    .action(async (options: FirstCallFlags) => {
      process.exitCode = await probeMeetingPlatform(options, process.env, (text) => process.stdout.write(text));
    });
}

/** Probes the first calls (`conform check meeting-platform`) and prints each step; returns the exit code. */
export async function probeMeetingPlatform(options: FirstCallFlags, env: Record<string, string | undefined>, write: (text: string) => void): Promise<number> {
  const fromEnv = credentialsFromEnv(env);
  if (fromEnv.kind !== 'complete') {
    const missing = fromEnv.kind === 'none' ? Object.values(credentialEnv) : fromEnv.missing;
    throw new UsageError(`conform check meeting-platform needs ${missing.map((v) => `$${v}`).join(', ')} set (the app's credentials)`);
  }
  // Printed text passes through the run's Redactor: the secret from the start, the token once the run gets it.
  const redactor = new Redactor([[fromEnv.credentials.clientSecret, credentialEnv.clientSecret]]);
  const out = (text: string) => write(redactor.redact(text));
  out(`meeting-platform first-call checks\n  auth URL      ${options.authUrl}\n  API base URL  ${options.apiBaseUrl}\n  client id     ${fromEnv.credentials.clientId}\n  account id    ${fromEnv.credentials.accountId}\n\n`);
  const { probeFirstCall } = await import('../../meeting-platform/firstCallProbe.ts');
  const result = await probeFirstCall(
    { authUrl: options.authUrl, apiBaseUrl: options.apiBaseUrl, credentials: fromEnv.credentials, pageSize: options.pageSize, meetingId: options.meeting, redactor },
    (step) => out(formatStep(step)),
  );
  out(`\n${verdict(result)}\n`);
  return result.unreachable ? 2 : result.passed ? 0 : 1;
}

const marks = { passed: '✓', failed: '✗', skipped: '-' } as const;

export function formatStep(step: FirstCallStep): string {
  const head = `${marks[step.status]} ${step.name.padEnd(22)} ${step.request ? `${step.request} → ` : ''}${step.detail}\n`;
  return step.diagnosis ? `${head}    diagnosis: ${step.diagnosis}\n` : head;
}

function verdict(result: FirstCallResult): string {
  if (result.unreachable) return 'Could not run: a host did not answer (exit 2).';
  return result.passed ? 'All first-call checks passed.' : 'A first-call check failed (exit 1); see the diagnosis above.';
}
