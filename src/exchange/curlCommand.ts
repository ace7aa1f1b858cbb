/** A request as a report shows it: secrets already replaced by their variables (`$SVC_API_KEY`). */
export interface ShownRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body?: string;
  /** A shell command printing the body, in place of `body` when it is too large to quote (tens of MiB). */
  bodyCommand?: string;
}

/** Single-quoted, so that the shell expands nothing in it. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The variables a reproduction names instead of values: the seeds' client conventions. The suites write
 * these; a check renames them to the ones its target's secrets are kept in (shownForTarget).
 */
export const conventionalVariables = ['SVC_API_KEY', 'ACCESS_TOKEN', 'MEETING_CLIENT_ID', 'MEETING_CLIENT_SECRET', 'MEETING_ACCOUNT_ID'] as const;
const names = conventionalVariables.join('|');
/** `$NAME`, or `${NAME}` (the Redactor's where more of a name follows), of one of them. */
const variable = new RegExp(`\\$(?:(?:${names})\\b|\\{(?:${names})\\})`);
const otherDollar = new RegExp(`\\$(?!(?:${names})\\b|\\{(?:${names})\\})`, 'g');

/** Double quotes where a `$VARIABLE` must expand; every other `$`, quote, backslash and backtick escaped. */
function expanding(text: string): string {
  return `"${text.replace(/(["\\`])/g, '\\$1').replace(otherDollar, '\\$')}"`;
}

/** One shell argument: in double quotes when it names one of the variables, so that it expands, else in single quotes. */
export function shellArgument(text: string): string {
  return variable.test(text) ? expanding(text) : shellQuote(text);
}

/** printf's format for `text` exactly: controls and non-ASCII as octal bytes, % and \ escaped. */
function printfFormat(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (byte < 0x20 || byte >= 0x7f) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else if (c === '%') out += '%%';
    else if (c === '\\') out += '\\\\';
    else out += c;
  }
  return shellQuote(out);
}

/**
 * The request as a copy-pasteable curl command: the URL and headers that hold a `$VARIABLE` in double
 * quotes so it expands, the body exactly as sent (through printf when it holds bytes a shell argument
 * cannot, a NUL), and no header curl would add on its own. It takes nothing out: a ShownRequest holds no secret, and a
 * reproduction reaches a report through ctx.reproduction, which passes it through the run's Redactor.
 */
export function curlCommand(request: ShownRequest): string {
  // The URL expands too: a client may send a secret in the query (access_token=$ACCESS_TOKEN).
  const parts = ['curl', '-sS', '-i', '-X', request.method, shellArgument(request.url)];
  for (const [name, value] of request.headers) {
    // Basic credentials shown as "id:secret" (variables) go to curl -u, which encodes them.
    const basic = name.toLowerCase() === 'authorization' ? /^Basic (.*:.*)$/.exec(value) : null;
    if (basic) {
      parts.push('-u', shellArgument(basic[1]!));
      continue;
    }
    parts.push('-H', shellArgument(`${name}: ${value}`));
  }
  let prefix = '';
  if (request.bodyCommand !== undefined) {
    prefix = `${request.bodyCommand} | `;
    parts.push('--data-binary', '@-');
  } else if (request.body !== undefined) {
    // An empty Content-Type header tells curl not to add its own form type when the request sends none.
    if (!request.headers.some(([n]) => n.toLowerCase() === 'content-type')) parts.push('-H', shellQuote('Content-Type:'));
    if (/[\u0000-\u0008\u000e-\u001f]/.test(request.body)) {
      prefix = `printf ${printfFormat(request.body)} | `;
      parts.push('--data-binary', '@-');
    } else {
      parts.push('--data-raw', shellArgument(request.body));
    }
  }
  return prefix + parts.join(' ');
}
