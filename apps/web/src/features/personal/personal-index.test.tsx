import {
  craftCalls,
  examCalls,
  questionCalls,
  userCalls,
  type CallResponse,
  type CategoryConfig,
} from '@gre/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser, renderApp, sentBody } from '../../test-utils';
import { treeLink } from './review-tree';

const p = zh.personal;

beforeAll(async () => {
  await import('./personal-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
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
      subs: [],
      reasons: [],
    },
  ],
  difficulties: [],
};

type Tree = CallResponse<typeof craftCalls.reviewTree>;
const TREE: Tree = {
  categories: [
    {
      category: 1,
      wrong: 4,
      noted: 2,
      kinds: [
        {
          kind: 'tc1',
          wrong: 4,
          noted: 2,
          reasons: [
            { reason: '词汇不认识', count: 2 },
            { reason: '没找到线索词或题眼', count: 1 },
          ],
        },
      ],
    },
    { category: 3, wrong: 0, noted: 1, kinds: [{ kind: 'qc', wrong: 0, noted: 1, reasons: [] }] },
  ],
};

type Body = Record<string, unknown>;

function serve(opts: { tree?: Tree; essays?: number; refuse?: boolean } = {}) {
  setToken('t'.repeat(43));
  return fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(questionCalls.categoryConfig, () => ({ data: CONFIG })),
    fake(craftCalls.summary, () => ({
      data: { scopes: [{ scope: 'wrongs' as const, total: 4, by_category: { '1': 4 } }], essays: opts.essays ?? 3 },
    })),
    fake(craftCalls.collectGetAll, () => ({ data: { collects: [] } })),
    fake(craftCalls.list, () => ({ data: { items: [], total: 0 } })),
    fake(craftCalls.reviewDue, () => ({ data: { items: [], due_total: 0, daily_cap: 20, done_today: 0 } })),
    fake(craftCalls.reviewTree, () => ({ data: opts.tree ?? TREE })),
    // The server's answer when the scope has nothing to draw (the essays were removed meanwhile).
    fake(examCalls.create, () => (opts.refuse ? { kind: 'not_found' } : { data: { id: 42 } })),
  );
}

const bodies = (fetch: ReturnType<typeof fakeServer>, path: string): Body[] =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init) as Body);
const btn = (name: string) => screen.findByRole('button', { name: new RegExp(name.split('').join('\\s*')) });
const essayCard = async () => (await screen.findByText(p.essay.title)).closest('.gp-essay') as HTMLElement;

describe('错题分布 links', () => {
  it('opens the wrongs page with the URL filters it reads, or the note page when a row has notes only', () => {
    expect(treeLink({ wrong: 4, noted: 2 }, 1)).toBe('/personal/wrongs?category=1');
    expect(treeLink({ wrong: 4, noted: 0 }, 1, 'tc1')).toBe('/personal/wrongs?category=1&kind=tc1');
    expect(treeLink({ wrong: 0, noted: 1 }, 3, 'qc')).toBe('/personal/note?category=3&kind=qc');
  });
});

describe('/personal index: 写作练习 and 错题分布', { timeout: 60_000 }, () => {
  it('写作练习 creates an essay practice of the chosen size and opens it', async () => {
    const fetch = serve();
    const { router } = renderApp('/personal');
    const card = await essayCard();
    expect(await within(card).findByText(p.essay.written(3))).toBeTruthy();
    await userEvent.click(within(card).getByText(p.essay.countOption(2)));
    await userEvent.click(within(card).getByRole('button', { name: new RegExp(p.essay.start) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/42'));
    expect(bodies(fetch, examCalls.create.path)).toEqual([{ source: 'personal', scope: 'essay', count: 2 }]);
  });

  it('with no essay written, the entry says so at once and leads to /idea', async () => {
    const fetch = serve({ essays: 0 });
    const { router } = renderApp('/personal');
    const card = await essayCard();
    expect(await within(card).findByText(p.essay.none)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: new RegExp(p.essay.start) })).toBeNull();
    await userEvent.click(within(card).getByRole('link', { name: p.essay.toIdea }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/idea'));
    expect(bodies(fetch, examCalls.create.path)).toEqual([]);
  });

  it('offers no more essays than were written, and a refusal (essays removed meanwhile) turns the card to /idea without a toast', async () => {
    serve({ essays: 1, refuse: true });
    const { router } = renderApp('/personal');
    const card = await essayCard();
    expect(await within(card).findByText(p.essay.countOption(1))).toBeTruthy();
    expect(within(card).queryByText(p.essay.countOption(2))).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: new RegExp(p.essay.start) }));
    expect(await within(card).findByText(p.essay.none)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: new RegExp(p.essay.start) })).toBeNull();
    expect(router.state.location.pathname).toBe('/personal');
    // The refusal is shown in place, not also as an error toast.
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    await userEvent.click(within(card).getByRole('link', { name: p.essay.toIdea }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/idea'));
  });

  it('shows category → kind → reason with counts; a category opens the wrongs page filtered by it', async () => {
    const fetch = serve();
    const { router } = renderApp('/personal');
    const tree = await screen.findByRole('list', { name: p.tree.title });
    expect(within(tree).getByText(p.tree.counts(4, 2), { selector: '.gp-tree-category *' })).toBeTruthy();
    const reasons = within(tree).getByRole('list', { name: p.tree.reasonsLabel('单空填空') });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([p.tree.reason('词汇不认识', 2), p.tree.reason('没找到线索词或题眼', 1)]);
    await userEvent.click(within(tree).getByRole('link', { name: '填空' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/personal/wrongs'));
    expect(router.state.location.search).toBe('?category=1');
    // The wrongs page reads the filter from the URL, as if the learner had picked it there.
    await waitFor(() =>
      expect(bodies(fetch, craftCalls.list.path).at(-1)).toMatchObject({ scope: 'wrongs', category: 1, page: 1 }),
    );
  });

  it('a kind opens its page filtered by category and kind', async () => {
    const fetch = serve();
    const { router } = renderApp('/personal');
    const tree = await screen.findByRole('list', { name: p.tree.title });
    await userEvent.click(within(tree).getByRole('link', { name: '单空填空' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=1&kind=tc1'));
    expect(router.state.location.pathname).toBe('/personal/wrongs');
    await waitFor(() =>
      expect(bodies(fetch, craftCalls.list.path).at(-1)).toMatchObject({ scope: 'wrongs', category: 1, kind: 'tc1' }),
    );
  });

  it('with nothing wrong or noted yet, the section says so with one next action', async () => {
    serve({ tree: { categories: [] } });
    renderApp('/personal');
    expect(await screen.findByText(p.tree.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: p.tree.emptyAction })).toBeTruthy();
    expect(await btn(p.essay.start)).toBeTruthy();
  });
});
