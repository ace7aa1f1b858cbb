// html-encoding-sniffer ships no types; this is the part of its API the service uses (v7, lib/html-encoding-sniffer.js).
declare module 'html-encoding-sniffer' {
  interface SniffOptions {
    xml?: boolean;
    /** The Content-Type charset label; overrides everything but a byte order mark. */
    transportLayerEncodingLabel?: string;
    /** Used when nothing else decides. */
    defaultEncoding?: string;
    /** How far to look for <meta charset>; 0 skips the prescan. Not allowed with xml. */
    maxPrescanBytes?: number;
  }
  /** The WHATWG encoding name (e.g. "UTF-8", "windows-1252", "Shift_JIS") the bytes should be decoded with. */
  function htmlEncodingSniffer(bytes: Uint8Array, options?: SniffOptions): string;
  export = htmlEncodingSniffer;
}
