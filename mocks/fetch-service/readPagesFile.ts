import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { MockControlError } from '../control-api/MockControlError.ts';
import { MockStartError } from '../MockStartError.ts';
import { checkFetchControlInput } from './fetchControlSpec.ts';
import { maxPageBodyBytes, maxPages, mockPages, type PageInput } from './mockPages.ts';

/** The largest pages file read: every page at its body cap would be far more than a test needs. */
export const maxPagesFileBytes = 256 * 1024 * 1024;

/**
 * The pages of `--pages FILE` (`{"pages": [...]}`, as PUT /__conform/pages takes them; YAML when the
 * name ends in .yaml or .yml), checked as the control API checks them. Anything wrong is a MockStartError
 * in one line naming the file and the field: `--pages pages.json: pages[2].status: must be <= 599`.
 */
export async function readPagesFile(file: string): Promise<PageInput[]> {
  const refuse = (why: string) => new MockStartError(`--pages ${file}: ${why}`);
  let text: string;
  try {
    const { size } = await stat(file);
    if (size > maxPagesFileBytes) throw refuse(`is ${size} bytes; a pages file is at most ${maxPagesFileBytes} (${maxPages} pages of at most ${maxPageBodyBytes} bytes each fit well below)`);
    text = await readFile(file, 'utf8');
  } catch (err) {
    if (err instanceof MockStartError) throw err;
    throw refuse(`cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const yaml = ['.yaml', '.yml'].includes(extname(file).toLowerCase());
  let document: unknown;
  try {
    document = yaml ? parseYaml(text) : JSON.parse(text);
  } catch (err) {
    throw refuse(`is not ${yaml ? 'YAML' : 'JSON'}: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`);
  }
  try {
    checkFetchControlInput('putPages', document);
    const { pages } = document as { pages: PageInput[] };
    // Encodes every body now, so a page its charset cannot hold stops the start, not a fetch.
    mockPages(pages);
    return pages;
  } catch (err) {
    if (err instanceof MockControlError) throw refuse(err.message);
    throw err;
  }
}
