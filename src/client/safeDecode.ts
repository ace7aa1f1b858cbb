/** `text` percent-decoded once, or undefined when it holds a "%" that starts no valid escape. */
export function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
