import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { probeImage } from './image-probe.js';
import { GIF_1X1, jpegHead, pngImage, WEBP_1X1 } from './posts.fixtures.js';

// What an upload is, told by its bytes alone.

const vp8x = (width: number, height: number) => {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(22, 4);
  b.write('WEBPVP8X', 8, 'latin1');
  b.writeUInt32LE(10, 16);
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
};

const vp8 = (width: number, height: number) => {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'latin1');
  b.write('WEBPVP8 ', 8, 'latin1');
  b.set([0x9d, 0x01, 0x2a], 23);
  b.writeUInt16LE(width, 26);
  b.writeUInt16LE(height, 28);
  return b;
};

describe('probeImage', () => {
  it('knows the four formats and their sizes', () => {
    expect(probeImage(pngImage(7, 3))).toEqual({ type: 'image/png', ext: 'png', width: 7, height: 3 });
    expect(probeImage(jpegHead(640, 480))).toEqual({ type: 'image/jpeg', ext: 'jpg', width: 640, height: 480 });
    expect(probeImage(GIF_1X1)).toEqual({ type: 'image/gif', ext: 'gif', width: 1, height: 1 });
    expect(probeImage(WEBP_1X1)).toEqual({ type: 'image/webp', ext: 'webp', width: 1, height: 1 });
    expect(probeImage(vp8x(1920, 1080))).toMatchObject({ type: 'image/webp', width: 1920, height: 1080 });
    expect(probeImage(vp8(300, 200))).toMatchObject({ type: 'image/webp', width: 300, height: 200 });
  });

  it('finds a JPEG frame header past other segments, and skips fill bytes', () => {
    const head = jpegHead(33, 44);
    const comment = Buffer.from([0xff, 0xfe, 0x00, 0x06, 0x61, 0x62, 0x63, 0x64]);
    const withMore = Buffer.concat([head.subarray(0, 20), Buffer.from([0xff]), comment, head.subarray(20)]);
    expect(probeImage(withMore)).toMatchObject({ width: 33, height: 44 });
  });

  it('refuses SVG, HTML, text, truncated headers and zero sizes', () => {
    const refused = [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      '<!DOCTYPE html><html><script>alert(1)</script></html>',
      'just some text that a .png name would carry',
      'GIF8',
      'RIFF\0\0\0\0WEBPVP8Z',
    ].map((s): Buffer => Buffer.from(s));
    refused.push(pngImage(4, 4).subarray(0, 20), jpegHead(0, 10), pngImage(1, 1).fill(0, 16, 20), Buffer.alloc(0));
    refused.push(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08]));
    for (const bytes of refused) expect(probeImage(bytes)).toBeNull();
  });

  it('never throws on any bytes, and knows nothing without a signature', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (raw) => {
        const bytes = Buffer.from(raw);
        const facts = probeImage(bytes);
        if (facts) expect(facts.width > 0 && facts.height > 0).toBe(true);
        const signed = [0x89, 0xff, 0x47, 0x52].includes(bytes[0] ?? -1);
        if (!signed) expect(facts).toBeNull();
      }),
      { numRuns: 2000 },
    );
    // Truncating a real image anywhere never throws either.
    const whole = [pngImage(5, 5), jpegHead(5, 5), GIF_1X1, WEBP_1X1, vp8x(5, 5)];
    for (const img of whole)
      for (let n = 0; n < img.length; n++) expect(() => probeImage(img.subarray(0, n))).not.toThrow();
  });
});
