import type { IMAGE_TYPES } from '@gre/contracts';

export type ImageType = (typeof IMAGE_TYPES)[number];

export interface ImageFacts {
  type: ImageType;
  /** The file extension it is stored and served under. */
  ext: 'png' | 'jpg' | 'gif' | 'webp';
  width: number;
  height: number;
}

// An upload is what its bytes say, never what its name says: the four raster formats a browser shows in <img>, told
// by their signatures and measured from their headers. Anything else — SVG (script inside an image), HTML, a PNG
// name on text — is not an image here. A header that does not parse, or a zero size, is refused the same way.

const ascii = (b: Buffer, at: number, text: string) =>
  b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

function png(b: Buffer): ImageFacts | null {
  // Signature, then the IHDR chunk first: length 13, type, width and height big-endian.
  if (b.length < 24 || !b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return null;
  if (!ascii(b, 12, 'IHDR')) return null;
  return { type: 'image/png', ext: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageFacts | null {
  if (b.length < 10 || !(ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'))) return null;
  return { type: 'image/gif', ext: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function webp(b: Buffer): ImageFacts | null {
  if (b.length < 30 || !ascii(b, 0, 'RIFF') || !ascii(b, 8, 'WEBP')) return null;
  const facts = (width: number, height: number): ImageFacts => ({ type: 'image/webp', ext: 'webp', width, height });
  if (ascii(b, 12, 'VP8 ')) {
    // A key frame: its start code, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return facts(b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  }
  if (ascii(b, 12, 'VP8L')) {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return facts((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (ascii(b, 12, 'VP8X')) return facts(b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1);
  return null;
}

/** SOF markers carry the frame size; C4 (Huffman tables), C8 (reserved) and CC (arithmetic tables) do not. */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpeg(b: Buffer): ImageFacts | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    // Fill bytes, and the markers that stand alone (RSTn, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = b.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > b.length) return null;
      return { type: 'image/jpeg', ext: 'jpg', width: b.readUInt16BE(at + 7), height: b.readUInt16BE(at + 5) };
    }
    at += 2 + length;
  }
  return null;
}

/** The image `bytes` hold, with its size, or null when they are not one of the four formats. */
export function probeImage(bytes: Buffer): ImageFacts | null {
  const facts = png(bytes) ?? jpeg(bytes) ?? gif(bytes) ?? webp(bytes);
  if (!facts || facts.width <= 0 || facts.height <= 0) return null;
  return facts;
}
