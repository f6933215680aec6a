/**
 * Server-sent events as bytes arrive: the `data` of each event (its data lines joined by "\n"), whatever the chunking —
 * a line, a CRLF or a UTF-8 character split between two chunks. Other fields (event, id, retry) and comments are
 * skipped: Chat Completions streams carry everything in data. Follows the WHATWG event-stream parsing rules.
 */
export class SseDecoder {
  private readonly text = new TextDecoder('utf-8');
  private buffer = '';
  private data: string[] = [];
  private started = false;

  /** The events completed by this chunk. */
  push(chunk: Uint8Array): string[] {
    return this.lines(this.text.decode(chunk, { stream: true }), false);
  }

  /** At the end of the stream: the last event even without its closing blank line. */
  end(): string[] {
    const events = this.lines(this.text.decode(), true);
    if (this.data.length > 0) events.push(this.data.join('\n'));
    this.data = [];
    return events;
  }

  private lines(text: string, final: boolean): string[] {
    // What is buffered holds no line end but perhaps a last CR, so only that and the new text need scanning.
    const from = Math.max(0, this.buffer.length - 1);
    let buffer = this.buffer + text;
    if (!this.started && buffer.length > 0) {
      this.started = true;
      if (buffer.startsWith('\uFEFF')) buffer = buffer.slice(1);
    }
    const events: string[] = [];
    let start = 0;
    for (let i = Math.min(from, buffer.length); i < buffer.length; i++) {
      const c = buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      // A CR last in the chunk may be the first half of a CRLF: wait for the next chunk to tell.
      if (c === '\r' && i === buffer.length - 1 && !final) break;
      this.line(buffer.slice(start, i), events);
      if (c === '\r' && buffer[i + 1] === '\n') i++;
      start = i + 1;
    }
    this.buffer = buffer.slice(start);
    if (final && this.buffer.length > 0) {
      this.line(this.buffer, events);
      this.buffer = '';
    }
    return events;
  }

  private line(line: string, events: string[]): void {
    if (line === '') {
      if (this.data.length > 0) events.push(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.data.push(value);
  }
}
