import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SseDecoder } from './sse.js';

const encoder = new TextEncoder();

/** Feeds the bytes to a decoder cut at the given points, returning every event's data. */
function decode(bytes: Uint8Array, cuts: number[] = []): string[] {
  const sse = new SseDecoder();
  const events: string[] = [];
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    events.push(...sse.push(bytes.subarray(from, cut)));
    from = cut;
  }
  events.push(...sse.push(bytes.subarray(from)));
  events.push(...sse.end());
  return events;
}

/** Event data without line ends (a line end inside data is carried as a second data line). */
const data = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.json()).map((s) => s.replace(/[\r\n]/g, ' '));
const newline = fc.constantFrom('\n', '\r\n', '\r');

describe('server-sent events', () => {
  it('reads data lines, joins multi-line data, skips comments and other fields', () => {
    const stream = ': keep-alive\n\nevent: message\nid: 7\ndata: {"a":1}\n\ndata:first\ndata: second\n\nretry: 10\n\n';
    expect(decode(encoder.encode(stream))).toEqual(['{"a":1}', 'first\nsecond']);
  });

  it('strips a leading BOM and only one space after the colon; keeps a last event without its blank line', () => {
    expect(decode(encoder.encode('\uFEFFdata:  two spaces\n\ndata: [DONE]'))).toEqual([' two spaces', '[DONE]']);
  });

  it('gives the same events however the bytes are cut: mid-line, mid-CRLF, mid-character', () => {
    fc.assert(
      fc.property(
        // Each event one or more data lines, so a CRLF read as two line ends would split it in two.
        fc.array(fc.tuple(fc.array(data, { minLength: 1, maxLength: 3 }), newline), { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (events, cutSeeds) => {
          const text = events.map(([lines, nl]) => lines.map((d) => `data: ${d}${nl}`).join('') + nl).join('');
          const bytes = encoder.encode(text);
          const cuts = cutSeeds.map((seed) => seed % (bytes.length + 1));
          const expected = events.map(([lines]) => lines.join('\n'));
          expect(decode(bytes, cuts)).toEqual(expected);
          // Byte by byte, the worst chunking there is.
          expect(decode(bytes, [...bytes.keys()])).toEqual(expected);
        },
      ),
    );
  });
});
