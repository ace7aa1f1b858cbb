import { isAscii, isUtf8 } from 'node:buffer';
import htmlEncodingSniffer from 'html-encoding-sniffer';
import { isHtml, isJson, isXml } from '../../json/mediaType.ts';

/**
 * The character encoding a browser would decode a text body with, as a WHATWG encoding name, in the
 * browsers' order: byte order mark; then the Content-Type charset; then, for HTML, the <meta> prescan of
 * the first 1024 bytes (for XML, the XML declaration); then a fallback.
 *
 * The fallback is what browsers' autodetection settles on for most pages: UTF-8 when the bytes are valid
 * UTF-8 beyond ASCII, else windows-1252 (the HTML standard's default for most locales). JSON falls back to
 * UTF-8 alone (RFC 8259), XML to UTF-8 (XML 1.0).
 */
export function resolveEncoding(bytes: Uint8Array, essence: string, charsetLabel: string | undefined): string {
  const label = charsetLabel === undefined ? {} : { transportLayerEncodingLabel: charsetLabel };
  // XML's own default is UTF-8 (XML 1.0 §4.3.3), which the sniffer applies in XML mode.
  if (isXml(essence)) return htmlEncodingSniffer(bytes, { xml: true, ...label });
  const defaultEncoding = isJson(essence) ? 'UTF-8' : fallbackEncoding(bytes);
  // For text other than HTML the prescan is skipped: a <meta> tag in a text/plain body declares nothing.
  const maxPrescanBytes = isHtml(essence) ? 1024 : 0;
  return htmlEncodingSniffer(bytes, { ...label, defaultEncoding, maxPrescanBytes });
}

function fallbackEncoding(bytes: Uint8Array): string {
  return !isAscii(bytes) && isUtf8(bytes) ? 'UTF-8' : 'windows-1252';
}
