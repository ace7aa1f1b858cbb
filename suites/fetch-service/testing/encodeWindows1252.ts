import { TextDecoder } from '../../../src/encoding/TextDecoder.ts';

/** Every character windows-1252 maps a byte to, keyed by character, from the WHATWG decoder. */
const windows1252 = new TextDecoder('windows-1252');
const byteOf = new Map<string, number>(Array.from({ length: 256 }, (_, byte) => [windows1252.decode(Uint8Array.of(byte)), byte] as [string, number]));

/** `text` as windows-1252 bytes; a character it cannot hold becomes "?", as encoders do. */
export function encodeWindows1252(text: string): Buffer {
  return Buffer.from(Array.from(text, (c) => byteOf.get(c) ?? 0x3f));
}
