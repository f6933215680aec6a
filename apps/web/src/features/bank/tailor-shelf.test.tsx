import { examCalls, tailorCalls, type CallResponse } from '@gre/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { AntdLayer } from '../../components/antd-layer';
import { AppProviders } from '../../components/app-providers';
import { zh } from '../../i18n/zh-CN';
import { tailorCopy } from '../../i18n/zh-CN.tailor';
import { item } from '../exam/test-utils/exam-fixture';
import { bankQuestion, withheld } from '../questions/test-utils/content-bank';
import { WordLookupProvider } from '../words';
import { myTailoredQuery, TailorShelf } from './tailor-shelf';
import { briefOf, makePractice, practiceServer } from './test-utils/practice-server';

const s = tailorCopy.shelf;
const qc = bankQuestion('q-qc-022');
const tc = bankQuestion('q-tc1-001');

afterEach(async () => {
  Modal.destroyAll();
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 300));
  queryClient.clear();
  vi.unstubAllGlobals();
});

type Mine = CallResponse<typeof tailorCalls.mine>;

/** The practice server of the viewer, with `/api/tailor/mine` answering `mine` in front of it. */
function mount(mine: Mine) {
  const server = practiceServer(makePractice([item(withheld(tc)), item(withheld(qc))], { name: '错题巩固' }));
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
    url === tailorCalls.mine.path
      ? Promise.resolve(new Response(JSON.stringify({ ok: true, data: mine, err_data: null })))
      : inner(url, init),
  );
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <AntdLayer>
          <WordLookupProvider>
            <TailorShelf />
            <p>the pick shelves</p>
          </WordLookupProvider>
        </AntdLayer>
      ),
    },
  ]);
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { server, user: userEvent.setup() };
}

const book = (over: Partial<Mine['books'][number]> = {}): Mine['books'][number] => ({
  id: 5,
  name: '错题巩固',
  teacher_name: '王老师',
  updated_stamp: Date.UTC(2026, 10, 20, 4) / 1000,
  questions: [briefOf(tc), briefOf(qc)],
  ...over,
});

describe('我的定制题本', { timeout: 30_000 }, () => {
  it('shows nothing for a learner without tailored books', async () => {
    mount({ books: [] });
    await screen.findByText('the pick shelves');
    await waitFor(() => expect(queryClient.getQueryData(myTailoredQuery.queryKey)).toEqual({ books: [] }));
    expect(screen.queryByText(s.title)).toBeNull();
  });

  it('lists the books; one opens to its questions, and a click practises the list from that question', async () => {
    const { server, user } = mount({
      books: [book(), book({ id: 6, name: '几何专项', teacher_name: null, questions: [] })],
    });
    const card = await screen.findByRole('button', { name: '错题巩固' });
    expect(within(card).getByText(s.teacher('王老师'))).toBeTruthy();
    expect(within(card).getByText(s.meta(2, '2026-11-20'))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '几何专项' }));
    const empty = await screen.findByRole('dialog', { name: '几何专项' });
    expect(within(empty).getByText(s.empty)).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '几何专项' })).toBeNull());

    await user.click(card);
    const drawer = await screen.findByRole('dialog', { name: '错题巩固' });
    expect(within(drawer).getByText(s.hint)).toBeTruthy();
    const lines = within(drawer)
      .getAllByRole('button')
      .filter((b) => b.className.includes('gb-qitem'));
    expect(lines).toHaveLength(2);
    await user.click(lines[1]!);
    await waitFor(() =>
      expect(server.calls(examCalls.practice.path)).toEqual([
        { source: 'list', question_ids: [tc.id, qc.id], title: '错题巩固' },
      ]),
    );
    expect(await screen.findByText(zh.bank.viewer.progress(2, 2))).toBeTruthy();
  });
});
