import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse';

const enc = new TextEncoder();

function feed(chunks: Uint8Array[]): SseEvent[] {
  const p = createSseParser();
  return [...chunks.flatMap((c) => p.push(c)), ...p.end()];
}

/** The bytes of `text` cut at every given offset. */
function cut(text: string, at: number[]): Uint8Array[] {
  const bytes = enc.encode(text);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const i of [...at, bytes.length]) {
    out.push(bytes.slice(from, i));
    from = i;
  }
  return out;
}

describe('createSseParser', () => {
  it('reads named events with their data, joining data lines with a newline', () => {
    const events = feed([enc.encode('event: delta\ndata: {"text":"a"}\n\nevent: done\ndata: x\ndata: y\n\n')]);
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"a"}' },
      { event: 'done', data: 'x\ny' },
    ]);
  });

  it('gives the same events whatever byte the body is cut at, multi-byte characters and CRLF included', () => {
    const text = 'event: delta\r\ndata: {"text":"选项 C 不对"}\r\n\r\n: keep-alive\r\nevent: done\r\ndata: {}\r\n\r\n';
    const whole = feed([enc.encode(text)]);
    expect(whole).toEqual([
      { event: 'delta', data: '{"text":"选项 C 不对"}' },
      { event: 'done', data: '{}' },
    ]);
    const n = enc.encode(text).length;
    for (let i = 1; i < n; i++) expect(feed(cut(text, [i]))).toEqual(whole);
    // One byte at a time.
    expect(
      feed(
        cut(
          text,
          Array.from({ length: n - 1 }, (_, i) => i + 1),
        ),
      ),
    ).toEqual(whole);
  });

  it('takes bare CR line ends, names an unnamed event "message" and drops one without data', () => {
    expect(feed([enc.encode('data:plain\r\revent: empty\r\r')])).toEqual([{ event: 'message', data: 'plain' }]);
  });

  it('completes no event without its blank line', () => {
    expect(feed([enc.encode('event: delta\ndata: {"text":"half"}\n')])).toEqual([]);
  });
});
