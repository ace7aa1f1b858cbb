import type { ShownRequest } from '../exchange/curlCommand.ts';

/** One exchange as a client report shows it: the request with every secret named by its variable, and the answer, short. */
export interface JournalEntry {
  /** The exchange's number in the session, from 1. */
  id: number;
  receivedAt: number;
  answeredAt: number;
  /** Absolute URL, secrets replaced by `$VARIABLE`s; a body past `journalBodyChars` is cut (`bodyCut`). */
  request: ShownRequest;
  /** The request body was longer than the journal keeps. */
  bodyCut?: true;
  answer: {
    status: number;
    contentType?: string;
    /** The answer's body, its secrets named, cut to `journalAnswerChars`. */
    excerpt: string;
  };
}

/** What the journal keeps of a request body and of an answer body. */
export const journalBodyChars = 4096;
export const journalAnswerChars = 600;

/** The entry as text for a report's evidence: the request as sent, then the answer. */
export function entryText(entry: JournalEntry): string {
  const { request, answer } = entry;
  const url = new URL(request.url);
  const lines = [`${request.method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`, ...request.headers.map(([name, value]) => `${name}: ${value}`)];
  if (request.body !== undefined && request.body !== '') lines.push('', request.body + (entry.bodyCut ? ' … (cut)' : ''));
  lines.push('', `→ ${answer.status}${answer.contentType ? ` ${answer.contentType}` : ''}`);
  if (answer.excerpt) lines.push(answer.excerpt);
  return lines.join('\n');
}

/** The request line, short: what a case is labelled by. */
export function entryLabel(entry: JournalEntry): string {
  const url = new URL(entry.request.url);
  const target = `${url.pathname}${url.search}`;
  return `#${entry.id} ${entry.request.method} ${target.length > 140 ? `${target.slice(0, 140)}…` : target}`;
}

/** A reproduction of an entry whose body the journal cut, saying so first. */
export function withCutNote(entry: JournalEntry, command: string): string {
  return entry.bodyCut ? `# the request body is cut: the journal keeps its first ${journalBodyChars} characters\n${command}` : command;
}
