// The start of an HTML document, per the MIME Sniffing standard's HTML patterns (case-insensitive, after
// leading whitespace, followed by a space or '>').
const HTML_START = /^[\t\n\f\r ]*<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)[ >]/i;

/**
 * The MIME type of a body sent without Content-Type, as the MIME Sniffing standard's rules for text and
 * binary give it: HTML when it opens like HTML, XML after an XML declaration, text unless it holds bytes
 * that never occur in text.
 */
export function sniffMediaType(bytes: Uint8Array): string {
  const head = bytes.subarray(0, 1445);
  const bom = hasBom(head);
  if (!bom && head.some(isBinaryByte)) return 'application/octet-stream';
  const start = Buffer.from(head.subarray(0, 512)).toString('latin1');
  if (HTML_START.test(start)) return 'text/html';
  if (start.startsWith('<?xml')) return 'text/xml';
  return 'text/plain';
}

function hasBom(b: Uint8Array): boolean {
  return (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) || (b[0] === 0xfe && b[1] === 0xff) || (b[0] === 0xff && b[1] === 0xfe);
}

function isBinaryByte(b: number): boolean {
  return b <= 0x08 || b === 0x0b || (b >= 0x0e && b <= 0x1a) || (b >= 0x1c && b <= 0x1f);
}
