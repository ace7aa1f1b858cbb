// The project's Markdown (README.md and docs/) as its tests read it: the code blocks they run or compare,
// the sections they find them in, the links and anchors they hold to resolve. Parsed by markdown-it, as
// a renderer would, so a fence inside a list or a heading with code in it is read the way GitHub shows it.
import { readFileSync } from 'node:fs';
import { slug } from 'github-slugger';
import MarkdownIt, { type Token } from 'markdown-it';

const parser = new MarkdownIt({ html: true });

export interface Heading {
  level: number;
  /** The heading as shown: its text, code spans without their backticks. */
  text: string;
  /** The line it is on, from 0. */
  line: number;
}

export interface Fence {
  /** The info string's first word: `ts`, `sh`, `json`, or '' for none. */
  lang: string;
  content: string;
  /** The fence's opening line, from 0. */
  line: number;
  /** The HTML comment right before it (`<!-- … -->`), trimmed, when there is one: what marks a block for a test. */
  marker?: string;
}

/** Text of an inline token as rendered: text and code spans, links by their text. */
function plainText(token: Token): string {
  return (token.children ?? []).map((c) => (c.type === 'text' || c.type === 'code_inline' ? c.content : '')).join('');
}

export class MarkdownDoc {
  readonly path: string;
  readonly text: string;
  readonly #tokens: Token[];

  constructor(path: string, text = readFileSync(path, 'utf8')) {
    this.path = path;
    this.text = text;
    this.#tokens = parser.parse(text, {});
  }

  headings(): Heading[] {
    const found: Heading[] = [];
    this.#tokens.forEach((t, i) => {
      if (t.type === 'heading_open') found.push({ level: Number(t.tag.slice(1)), text: plainText(this.#tokens[i + 1]!), line: t.map![0] });
    });
    return found;
  }

  /** The anchors GitHub gives the headings (github-slugger: lower case, punctuation out, repeats numbered). */
  anchors(): Set<string> {
    const seen = new Map<string, number>();
    const anchors = new Set<string>();
    for (const { text } of this.headings()) {
      const base = slug(text);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n ? `${base}-${n}` : base);
    }
    return anchors;
  }

  /**
   * The part of the document under the heading whose text is `title` (any level): from it to the next
   * heading of its level or above. Throws when there is no such heading, so a test never reads nothing.
   */
  section(title: string): MarkdownDoc {
    const headings = this.headings();
    const at = headings.findIndex((h) => h.text === title);
    if (at < 0) throw new Error(`${this.path} has no heading "${title}"`);
    const end = headings.slice(at + 1).find((h) => h.level <= headings[at]!.level);
    const lines = this.text.split('\n');
    return new MarkdownDoc(`${this.path} § ${title}`, lines.slice(headings[at]!.line, end?.line ?? lines.length).join('\n'));
  }

  fences(lang?: string): Fence[] {
    const found: Fence[] = [];
    this.#tokens.forEach((t, i) => {
      if (t.type !== 'fence') return;
      const before = this.#tokens[i - 1];
      const comment = before?.type === 'html_block' ? /^<!--([\s\S]*)-->\s*$/.exec(before.content)?.[1]?.trim() : undefined;
      found.push({ lang: t.info.trim().split(/\s+/)[0] ?? '', content: t.content, line: t.map![0], ...(comment !== undefined ? { marker: comment } : {}) });
    });
    return lang === undefined ? found : found.filter((f) => f.lang === lang);
  }

  /** The text of every inline code span (`like this`), in order. */
  codeSpans(): string[] {
    return this.#tokens.flatMap((t) => (t.children ?? []).filter((c) => c.type === 'code_inline').map((c) => c.content));
  }

  /** Every link's target (`[text](href)`, in tables and lists too), with the line of its block. */
  links(): { href: string; line: number }[] {
    const found: { href: string; line: number }[] = [];
    let line = 0;
    for (const t of this.#tokens) {
      if (t.map) line = t.map[0];
      for (const c of t.children ?? []) if (c.type === 'link_open') found.push({ href: String(c.attrGet('href') ?? ''), line });
    }
    return found;
  }
}
