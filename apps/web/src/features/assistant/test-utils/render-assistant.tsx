import { vi } from 'vitest';
import { fakeServer, sentBody, type FakeRoute } from '../../../test-utils';

/**
 * Fetch for the assistant's tests: `ask` answered by `ask` (a streamed Response, or a JSON refusal), every other call
 * by the contract-checked fakes. Returns the bodies `ask` was sent.
 */
export function serveAssistant(ask: (body: unknown) => Response, ...routes: FakeRoute[]) {
  const fakes = fakeServer(...routes);
  const asked: unknown[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    if (url !== '/api/assistant/ask') return fakes(url, init);
    const body = sentBody(init);
    asked.push(body);
    return ask(body);
  });
  vi.stubGlobal('fetch', fetch);
  return { asked, fetch };
}
