import { codeRoot } from './conformanceConfig.ts';

const escaped = codeRoot.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// The code's own files, as paths or file: URLs, up to the next space, quote or bracket.
const internalPath = new RegExp(`(?:file://)?${escaped}[^\\s'"()\\[\\]]*`, 'g');

/**
 * A message from vitest or a suite with conform's own file paths taken out: a user can do nothing with
 * where conform keeps its code (the repository, or node_modules/conform-harness/dist).
 */
export function withoutInternalPaths(message: string): string {
  return message.replace(internalPath, "(conform's code)");
}
