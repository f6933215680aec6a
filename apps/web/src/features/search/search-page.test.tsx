import { craftCalls, questionCalls, searchCalls, userCalls, type CallResponse } from '@gre/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser, renderApp, type FakeReply, sentBody, sentText } from '../../test-utils';
import { CATEGORY_CONFIG } from '../exam/test-utils/exam-server';
import { bankQuestion } from '../questions/test-utils/content-bank';
import { Highlighted } from './highlight';
import { searchFromParams, searchParamsOf } from './search-queries';

const s = zh.search;

beforeAll(async () => {
  await import('./search-page');
}, 60_000);

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('Highlighted', () => {
  it('marks the ranges and nothing else, clipping ranges it cannot trust', () => {
    const { container } = render(
      <Highlighted
        text="coral <b>reef</b> water"
        ranges={[
          [0, 5],
          [3, 4],
          [18, 99],
        ]}
      />,
    );
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['coral', 'water']);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('coral <b>reef</b> water');
  });
});

describe('search parameters', () => {
  it('reads a search from the URL, dropping what the call would refuse', () => {
    expect(searchFromParams(new URLSearchParams(''))).toBeNull();
    expect(searchFromParams(new URLSearchParams('q=%20%20'))).toBeNull();
    expect(
      searchFromParams(
        new URLSearchParams(`q=${'x'.repeat(80)}&scope=all&category=9&kind=nope&difficulty=hard&page=-3`),
      ),
    ).toEqual({
      q: 'x'.repeat(64),
      scope: 'questions',
      category: 0,
      kind: undefined,
      difficulty: 'hard',
      page: 1,
      page_size: 20,
    });
    expect(searchParamsOf({ q: '三角形', scope: 'questions', category: 0, page: 1 })).toEqual({ q: '三角形' });
  });
});

describe('/search', { timeout: 30_000 }, () => {
  const q = bankQuestion('q-tc1-001');
  const result: CallResponse<typeof searchCalls.search>['questions'][number] = {
    question: {
      id: q.id,
      category: 1,
      kind: 'tc1',
      difficulty: 'easy',
      topic: null,
      tag_ids: [],
      visibility: 'public',
      brief: '',
      preview: 'p',
      accessable: true,
    },
    snippet: '…the coral reef thrived',
    highlights: [[5, 10]],
    field: 'stem',
  };

  function serve(total = 1) {
    setToken('t'.repeat(43));
    return fakeServer(
      fake(userCalls.get, () => ({ data: makeUser() })),
      fake(questionCalls.categoryConfig, () => ({ data: CATEGORY_CONFIG })),
      fake(searchCalls.search, (b): FakeReply<typeof searchCalls.search> => {
        if (b.q === 'nothing') return { data: { questions: [], words: [], total: 0, capped: false } };
        if (b.scope === 'words')
          return {
            data: {
              questions: [],
              words: [
                {
                  question_id: 'w-laconic',
                  word: 'laconic',
                  phonetic: "lә'kɒnik",
                  translation: 'a. 简洁的',
                  highlights: [[0, 3]],
                  field: 'word',
                },
              ],
              total: 1,
              capped: false,
            },
          };
        return { data: { questions: [result], words: [], total, capped: total > 400 } };
      }),
      fake(questionCalls.get, () => ({ data: { questions: [q] } })),
      fake(craftCalls.get, () => ({ data: { crafts: [] } })),
    );
  }

  it('shows the start state without a query, then searches from the box into the URL', async () => {
    const fetch = serve();
    const { router } = renderApp('/search');
    expect(await screen.findByText(s.start)).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText(s.placeholder), { target: { value: '  coral  ' } });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(s.submit) }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=coral'));
    const mark = await screen.findByText('coral', { selector: 'mark' });
    expect(mark.parentElement?.textContent).toBe(result.snippet);
    expect(screen.getByText(s.total(1))).toBeTruthy();
    const bodies = fetch.mock.calls
      .filter(([url]) => url === searchCalls.search.path)
      .map(([, init]) => sentBody(init));
    expect(bodies).toEqual([{ q: 'coral', scope: 'questions', category: 0, page: 1, page_size: 20 }]);
  });

  it('opens a result in review mode with the query as the craft source', async () => {
    const fetch = serve();
    renderApp('/search?q=coral');
    fireEvent.click(await screen.findByText('coral', { selector: 'mark' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(s.viewerTitle('coral'))).toBeTruthy();
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url, init]) => url === questionCalls.get.path && sentText(init).includes(q.id)),
      ).toBe(true),
    );
    expect((await within(dialog).findAllByRole('img', { name: 'star' })).length).toBeGreaterThan(0);
  });

  it('shows the words tab with phonetics, the empty state and the cap', async () => {
    serve();
    const { router } = renderApp('/search?q=lac&scope=words');
    expect(await screen.findByText('lac', { selector: 'mark' })).toBeTruthy();
    expect(screen.getByText("/lә'kɒnik/")).toBeTruthy();
    await router.navigate('/search?q=nothing');
    expect(await screen.findByText(s.none)).toBeTruthy();
    queryClient.clear();
    serve(500);
    await router.navigate('/search?q=reef');
    expect(await screen.findByText(s.capped(500))).toBeTruthy();
  });
});
