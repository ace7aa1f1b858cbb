/** `text` as evidence shows it: at most `max` characters, saying how long it was when cut. */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}
