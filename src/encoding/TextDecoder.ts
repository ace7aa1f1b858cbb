// Node's own TextDecoder gets windows-1252 wrong in several 22.x releases: 0x80-0x9F come out as C1
// controls in 22.13 to at least 22.19 (nodejs/node#60888), and ignoreBOM drops a lone 0xFF in 22.22. This
// one follows the WHATWG Encoding standard on every Node; everything here that decodes a charset uses it.
export { TextDecoder } from '@exodus/bytes/encoding.js';
