import {
  bookCalls,
  questionCalls,
  tailorCalls,
  userCalls,
  type BookBrief,
  type CategoryConfig,
  type User,
} from '@gre/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { tailorCopy } from '../../i18n/zh-CN.tailor';
import { closeDialog } from '../../state/ui';
import { fake, fakeServer, makeUser, renderApp, type FakeReply } from '../../test-utils';
import { makeBookBrief } from './test-utils/book-brief';

const s = tailorCopy.commonShelf;

beforeAll(async () => {
  await import('./exercise-list-page');
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

const PICK = makeBookBrief({ id: 'b-pick-1', kind2: 'math', title: '数学精选 · 基础 1' });
/** An SVIP book the shelf opens for this learner (the server says so: no refusal). */
const HIGHER = makeBookBrief({
  id: 'b-higher-math',
  kind: 'higher',
  kind2: 'math',
  title: '高阶数学',
  access: 'lock',
  min_role: 'SVIP',
  tailor: { custom: false, common: true },
  question_count: 30,
});
const SEASON = makeBookBrief({
  id: 'b-season-2',
  kind: 'season',
  kind2: '2027',
  title: '2026–2027 考季 · 第 2 期',
  access: 'lock',
  unlock_date_stamp: Date.UTC(2027, 0, 7, 16) / 1000,
  refusal: 'book_locked',
  tailor: { custom: false, common: true },
});

function serve(user: User, shelf: () => FakeReply<typeof tailorCalls.shelf>) {
  setToken('t'.repeat(43));
  return fakeServer(
    fake(userCalls.get, () => ({ data: user })),
    fake(questionCalls.categoryConfig, () => ({ data: CONFIG })),
    fake(bookCalls.list, () => ({ data: { books: [PICK], total: 1 } })),
    fake(tailorCalls.shelf, shelf),
    fake(tailorCalls.mine, () => ({ data: { books: [] } })),
    fake(bookCalls.get, (b): FakeReply<typeof bookCalls.get> => {
      const book = [PICK, HIGHER, SEASON].find((x: BookBrief) => x.id === b.id)!;
      return { data: { book, sections: [{ section: '', questions: [] }] } };
    }),
  );
}

const withShelf = (on: boolean) => makeUser({ accessibility: { ...makeUser().accessibility, show_tailor_shelf: on } });
const shelfCalls = (fetch: ReturnType<typeof fakeServer>) =>
  fetch.mock.calls.filter(([url]) => url === tailorCalls.shelf.path).length;

describe('定制书架 on the pick page', { timeout: 30_000 }, () => {
  it('is neither shown nor asked for when the admin has not turned it on', async () => {
    const fetch = serve(withShelf(false), () => ({ data: { books: [HIGHER] } }));
    renderApp('/exercise_list');
    await screen.findByRole('button', { name: PICK.title });
    expect(screen.queryByRole('heading', { name: s.title })).toBeNull();
    expect(shelfCalls(fetch)).toBe(0);
  });

  it('lists the shelf’s books as bank cards: a locked one says until when, an open one opens its book', async () => {
    serve(withShelf(true), () => ({ data: { books: [HIGHER, SEASON] } }));
    renderApp('/exercise_list');
    const shelf = await screen.findByRole('region', { name: s.title });
    expect(within(shelf).getByRole('heading', { name: s.title })).toBeTruthy();
    expect(within(shelf).getByText(s.intro)).toBeTruthy();
    expect(within(shelf).getByText(zh.bank.book.unlocksOn('2027-01-08'))).toBeTruthy();
    expect(within(shelf).getByText(zh.bank.book.questions(30))).toBeTruthy();
    // The pick page's own books are still there, below.
    expect(screen.getByRole('button', { name: PICK.title })).toBeTruthy();

    await userEvent.click(within(shelf).getByRole('button', { name: HIGHER.title }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText(HIGHER.title)).toBeTruthy();
  });

  it('says so when the shelf is empty; stays off the other banks’ tabs', async () => {
    const fetch = serve(withShelf(true), () => ({ data: { books: [] } }));
    const { router } = renderApp('/exercise_list');
    const shelf = await screen.findByRole('region', { name: s.title });
    expect(within(shelf).getByText(s.empty)).toBeTruthy();
    await router.navigate('/exercise_list/best');
    await waitFor(() => expect(screen.queryByRole('region', { name: s.title })).toBeNull());
    expect(shelfCalls(fetch)).toBe(1);
  });

  it('leaves the page as it was when the shelf is refused (the grant just withdrawn)', async () => {
    const fetch = serve(withShelf(true), () => ({ kind: 'forbidden', show: '定制书架需由管理员为你开通' }));
    renderApp('/exercise_list');
    await screen.findByRole('button', { name: PICK.title });
    await waitFor(() => expect(shelfCalls(fetch)).toBe(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('region', { name: s.title })).toBeNull();
    expect(screen.queryByText('定制书架需由管理员为你开通')).toBeNull();
  });
});
