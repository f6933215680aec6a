import {
  bookCalls,
  examCalls,
  questionCalls,
  userCalls,
  type CategoryConfig,
  type QuestionBrief,
} from '@gre/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { closeDialog } from '../../state/ui';
import { fake, fakeServer, makeUser, renderApp, type FakeReply, sentBody } from '../../test-utils';
import { makeBookBrief } from '../bank/test-utils/book-brief';

const c = zh.records.create;

beforeAll(async () => {
  await import('../bank/exercise-list-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  closeDialog();
  vi.unstubAllGlobals();
});

const CONFIG: CategoryConfig = {
  categories: [
    {
      id: 1,
      key: 'filling',
      name: '填空',
      kinds: [{ id: 'tc1', name: '单空填空', input_kind: 'SingleOption' }],
      subs: [],
      reasons: [],
    },
    {
      id: 3,
      key: 'math',
      name: '数学',
      kinds: [{ id: 'qc', name: '比较大小', input_kind: 'SingleOption' }],
      subs: [{ id: 'geometry', name: '几何' }],
      reasons: [],
    },
  ],
  difficulties: [],
};

const brief = (id: string, category: number): QuestionBrief => ({
  id,
  category,
  kind: 'tc1',
  difficulty: 'medium',
  topic: null,
  tag_ids: [],
  visibility: 'public',
  brief: '考点',
  preview: 'The ____ of it',
  accessable: true,
});

const BOOK = makeBookBrief({ id: 'b-pick-tc-1', kind2: 'filling', title: '精选填空 1', question_count: 2 });

function serve(create: () => FakeReply<typeof examCalls.create> = () => ({ data: { id: 42 } })) {
  setToken('t'.repeat(43));
  return fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(questionCalls.categoryConfig, () => ({ data: CONFIG })),
    fake(bookCalls.list, () => ({ data: { books: [BOOK], total: 1 } })),
    fake(bookCalls.get, () => ({
      data: { book: BOOK, sections: [{ section: '', questions: [brief('q-tc1-001', 1), brief('q-tc1-002', 1)] }] },
    })),
    fake(questionCalls.filter, () => ({
      data: { items: [brief('q-qc-001', 3)], total: 1, capped: false, page: 1, page_size: 20 },
    })),
    fake(examCalls.create, create),
  );
}

const bodies = (fetch: ReturnType<typeof fakeServer>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));

describe('start an exam from the banks', { timeout: 30_000 }, () => {
  it('the book drawer’s 计时练习 creates a book exam and opens it', async () => {
    const fetch = serve();
    const { router } = renderApp('/exercise_list');
    await userEvent.click(await screen.findByRole('button', { name: '精选填空 1' }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(await within(drawer).findByRole('button', { name: new RegExp(c.bookTimed) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/42'));
    expect(bodies(fetch, examCalls.create.path)).toEqual([{ source: 'book', book_id: 'b-pick-tc-1' }]);
  });

  it('a day_overflow refusal of a book exam names the subject of its questions', async () => {
    serve(() => ({ kind: 'day_overflow' }));
    const { router } = renderApp('/exercise_list');
    await userEvent.click(await screen.findByRole('button', { name: '精选填空 1' }));
    await userEvent.click(
      await within(await screen.findByRole('dialog')).findByRole('button', { name: new RegExp(c.bookTimed) }),
    );
    // Both the drawer and the dialog are labelled by rc-util's fixed test id, so the name resolves to the drawer's title.
    const dialog = (await screen.findByText(zh.dialogs.dayOverflowTitle)).closest('[role="dialog"]') as HTMLElement;
    expect(await within(dialog).findByText(zh.dialogs.dayOverflowBody('会员', '语文'))).toBeTruthy();
    expect(router.state.location.pathname).toBe('/exercise_list');
  });

  it('the big bank’s 组卷练习 draws from the current filter with the chosen count, order and math family', async () => {
    const fetch = serve();
    const { router } = renderApp('/exercise_list/big?category=3&difficulty=hard&keyword=triangle');
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(c.filterButton) }));
    const dialog = await screen.findByRole('dialog', { name: c.filterTitle });
    expect(within(dialog).getByText(/数学，困难；组卷不使用关键词/)).toBeTruthy();
    const count = within(dialog).getByRole('spinbutton', { name: c.count });
    fireEvent.change(count, { target: { value: '5' } });
    await userEvent.click(within(dialog).getByText(c.includeDone));
    await userEvent.click(within(dialog).getByText(c.withIssue));
    await userEvent.click(within(dialog).getByText(c.orderFirst));
    await userEvent.click(within(dialog).getByText(c.mathKinds.comparison!));
    await userEvent.click(within(dialog).getByRole('button', { name: c.start }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/42'));
    expect(bodies(fetch, examCalls.create.path)).toEqual([
      {
        source: 'filter',
        filter: { category: 3, difficulty: 'hard' },
        count: 5,
        include_done: true,
        pick_first: true,
        math_create_kind: 'comparison',
        with_issue: true,
        enable_count_up: false,
        is_auto_commit: true,
      },
    ]);
  });

  it('outside 数学 the dialog has no math family, and role_overflow opens the upgrade dialog', async () => {
    const fetch = serve(() => ({ kind: 'role_overflow' }));
    renderApp('/exercise_list/big?category=1');
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(c.filterButton) }));
    const dialog = await screen.findByRole('dialog', { name: c.filterTitle });
    expect(within(dialog).queryByText(c.mathKind)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: c.start }));
    expect(await screen.findByRole('dialog', { name: zh.dialogs.upgradeTitle })).toBeTruthy();
    expect(bodies(fetch, examCalls.create.path)[0]).toMatchObject({
      source: 'filter',
      filter: { category: 1 },
      count: 10,
      pick_first: false,
      math_create_kind: 'any',
      with_issue: false,
    });
  });
});
