// Node's own TextDecoder gets windows-1252 wrong in several 22.x releases: 0x80-0x9F come out as C1 controls in
// 22.13 to at least 22.19 (nodejs/node#60888), and ignoreBOM drops a lone 0xFF in 22.22. This one follows the
// WHATWG Encoding standard on every Node.
import { TextDecoder } from '@exodus/bytes/encoding.js';

/** Every character windows-1252 maps a byte to, keyed by character, from the WHATWG decoder. */
const byteOf = new Map<string, number>(
  Array.from({ length: 256 }, (_, byte) => [new TextDecoder('windows-1252').decode(Uint8Array.of(byte)), byte] as [string, number]),
);

/** `text` as windows-1252 bytes; a character it cannot hold becomes "?", as encoders do. */
export function encodeWindows1252(text: string): Buffer {
  return Buffer.from(Array.from(text, (c) => byteOf.get(c) ?? 0x3f));
}
