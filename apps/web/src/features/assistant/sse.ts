/** One server-sent event: its name (`message` when the server named none) and its data lines joined by '\n'. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A server-sent-events reader (the WHATWG event-stream format): feed it the body's bytes as they arrive, in chunks cut
 * anywhere — inside a line, between CR and LF, inside a multi-byte UTF-8 character — and it returns the events each
 * chunk completed. Lines end in LF, CRLF or CR; a blank line ends an event; ':' lines are comments; an event without
 * data is dropped, as a browser's EventSource drops it.
 */
export function createSseParser() {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let event = '';
  let data: string[] = [];
  /** The last chunk ended in CR: a LF opening the next one belongs to that line end. */
  let pendingCr = false;

  function line(text: string, out: SseEvent[]) {
    if (text === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }

  function take(text: string): SseEvent[] {
    const out: SseEvent[] = [];
    buffer += text;
    if (pendingCr && buffer.startsWith('\n')) buffer = buffer.slice(1);
    pendingCr = false;
    for (;;) {
      const end = buffer.search(/[\r\n]/);
      if (end < 0) break;
      if (buffer[end] === '\r' && end === buffer.length - 1) {
        // A CR at the end of the chunk: take the line now, and skip the LF if the next chunk opens with one.
        line(buffer.slice(0, end), out);
        buffer = '';
        pendingCr = true;
        break;
      }
      const width = buffer[end] === '\r' && buffer[end + 1] === '\n' ? 2 : 1;
      line(buffer.slice(0, end), out);
      buffer = buffer.slice(end + width);
    }
    return out;
  }

  return {
    /** The events this chunk of bytes completed. */
    push: (chunk: Uint8Array): SseEvent[] => take(decoder.decode(chunk, { stream: true })),
    /** At the end of the body: the events a last line without its blank line would complete (none, by the format). */
    end: (): SseEvent[] => take(decoder.decode()),
  };
}
