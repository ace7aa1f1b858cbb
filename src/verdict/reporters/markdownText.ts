// Text made safe for GitHub Markdown, for the run's summary (renderMarkdown) and the diff of two runs (renderDiffMarkdown).

/** One line of text safe in Markdown: no line breaks, no HTML. */
export function inline(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/[<>&]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function cell(text: string, length = 200): string {
  return inline(short(text, length)).replace(/\|/g, '\\|');
}

export function short(text: string, length = 200): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/** An inline code span that survives backticks inside (CommonMark: a longer fence, padded). */
export function code(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return longest ? `${fence} ${flat} ${fence}` : `${fence}${flat}${fence}`;
}

/** A fenced code block whose fence is longer than any backtick run in the text. */
export function fenced(text: string, language: string): string[] {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${language}`, text, fence];
}
