import { examCalls, userCalls, type ExamBrief } from '@gre/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser, renderApp, sentBody } from '../../test-utils';
import { examKindLabel } from './exam-labels';
import { recordParams } from './record-page';
import { makeBrief, NOV_22 } from './test-utils/records-fixtures';

const t = zh.records.record;

beforeAll(async () => {
  await import('./record-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const RECORDS: ExamBrief[] = [
  makeBrief({
    id: 3,
    name: '数学 · 组卷练习',
    kind: 'filter',
    source: 'Exercise',
    template_id: null,
    status: 'Start',
    question_count: 10,
    answered_count: 4,
    correct: null,
    verbal: null,
    quant: null,
    created_at: NOV_22 + 86_400,
  }),
  makeBrief({
    id: 2,
    name: '精选填空 1',
    kind: 'book',
    source: 'Exercise',
    template_id: 'b-pick-tc-1',
    status: 'Finished',
    question_count: 12,
    answered_count: 12,
    correct: 9,
    verbal: null,
    quant: null,
  }),
  makeBrief({ id: 1 }),
];

function serve(records: ExamBrief[] = RECORDS) {
  setToken('t'.repeat(43));
  let rows = [...records];
  const fetch = fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(examCalls.list, (body) => {
      const items = rows.filter((r) => !body.kind || r.kind === body.kind);
      return { data: { items, total: items.length } };
    }),
    fake(examCalls.delete, (body) => {
      rows = rows.filter((r) => r.id !== body.id);
      return { data: { done: true as const } };
    }),
  );
  return fetch;
}

const bodies = (fetch: ReturnType<typeof fakeServer>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('record params from the URL', () => {
  it('reads the kind and page, and drops anything else', () => {
    expect(recordParams(new URLSearchParams('kind=book&page=3'))).toEqual({ kind: 'book', page: 3 });
    expect(recordParams(new URLSearchParams('kind=nope&page=-2'))).toEqual({ kind: undefined, page: 1 });
    fc.assert(
      fc.property(fc.string(), fc.string(), (kind, page) => {
        const p = recordParams(new URLSearchParams({ kind, page }));
        expect(examCalls.list.request.safeParse({ page: p.page, ...(p.kind ? { kind: p.kind } : {}) }).success).toBe(
          true,
        );
      }),
    );
  });
});

describe('/record', { timeout: 30_000 }, () => {
  it('lists every record with kind, status, progress, result and date; resumes or opens the result', async () => {
    serve();
    const { router } = renderApp('/record');
    expect(await screen.findByText('全真模考 1 · 完整模考')).toBeTruthy();
    const mock = row('全真模考 1 · 完整模考');
    expect(within(mock).getByText('模考')).toBeTruthy();
    expect(within(mock).getByText('已完成')).toBeTruthy();
    expect(within(mock).getByText('55 / 55 题')).toBeTruthy();
    expect(within(mock).getByText('语文 155 · 数学 160 · 总分 315')).toBeTruthy();
    expect(within(mock).getByText('2026-11-22')).toBeTruthy();
    expect(
      within(mock)
        .getByRole('link', { name: new RegExp(t.trend) })
        .getAttribute('href'),
    ).toBe('/report/b-mock-1');
    const book = row('精选填空 1');
    expect(within(book).getByText('题本练习')).toBeTruthy();
    expect(within(book).getByText('正确 9 / 12')).toBeTruthy();
    const open = row('数学 · 组卷练习');
    expect(within(open).getByText('进行中')).toBeTruthy();
    expect(within(open).getByText('2026-11-23')).toBeTruthy();
    expect(within(open).queryByRole('button', { name: new RegExp(t.view) })).toBeNull();
    await userEvent.click(within(open).getByRole('button', { name: new RegExp(t.resume) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/3'));
  });

  it('a personal practice is tagged with the page it came from, never an empty tag', async () => {
    const personal = (id: number, name: string, source: ExamBrief['source']) =>
      makeBrief({ id, name, kind: 'personal', source, template_id: null, verbal: null, quant: null });
    serve([
      personal(11, '收藏 · 全部', 'Collect'),
      personal(12, '错题 · 全部', 'Wrongs'),
      personal(13, '笔记 · 全部', 'Note'),
      personal(14, '高阶 · 全部', 'Higher'),
      personal(15, '写作 · 全部', 'Exercise'),
    ]);
    renderApp('/record');
    const tagOf = async (name: string) =>
      within(await waitFor(() => row(name)))
        .getAllByText((_, el) => el?.classList.contains('ant-tag') === true)
        .map((el) => el.textContent)[0];
    expect(await tagOf('收藏 · 全部')).toBe('收藏练习');
    expect(await tagOf('错题 · 全部')).toBe('错题练习');
    expect(await tagOf('笔记 · 全部')).toBe('笔记练习');
    expect(await tagOf('高阶 · 全部')).toBe('高阶练习');
    expect(await tagOf('写作 · 全部')).toBe('写作练习');
    // A source no personal page maps to still names the kind.
    expect(examKindLabel({ kind: 'personal', source: 'Search' })).toBe(zh.records.examKind.personal);
    expect(screen.getByRole('radio', { name: t.filters.personal })).toBeTruthy();
  });

  it('a finished record opens its result', async () => {
    serve();
    const { router } = renderApp('/record');
    await userEvent.click(
      within(await waitFor(() => row('精选填空 1'))).getByRole('button', { name: new RegExp(t.view) }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/2'));
  });

  it('filters by kind through the server and keeps the filter in the URL', async () => {
    const fetch = serve();
    const { router } = renderApp('/record');
    await screen.findByText('精选填空 1');
    await userEvent.click(screen.getByRole('radio', { name: t.filters.book }).closest('label')!);
    await waitFor(() =>
      expect(bodies(fetch, examCalls.list.path).at(-1)).toEqual({ page: 1, page_size: 20, kind: 'book' }),
    );
    expect(router.state.location.search).toBe('?kind=book');
    expect(await screen.findByText('精选填空 1')).toBeTruthy();
    expect(screen.queryByText('全真模考 1 · 完整模考')).toBeNull();
  });

  it('deletes only after the confirm, and the list refreshes', async () => {
    const fetch = serve();
    renderApp('/record');
    const name = '精选填空 1';
    await userEvent.click(within(await waitFor(() => row(name))).getByRole('button', { name: `${t.remove}：${name}` }));
    let confirm = await screen.findByRole('dialog', { name: t.removeTitle });
    expect(within(confirm).getByText(t.removeBody(name))).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: zh.common.cancel }));
    expect(bodies(fetch, examCalls.delete.path)).toEqual([]);

    await userEvent.click(within(row(name)).getByRole('button', { name: `${t.remove}：${name}` }));
    // The cancelled confirm may still be leaving (its close animation); the new one is the last.
    confirm = (await screen.findAllByRole('dialog', { name: t.removeTitle })).at(-1)!;
    await userEvent.click(within(confirm).getByRole('button', { name: t.remove }));
    await waitFor(() => expect(screen.queryByText(name)).toBeNull());
    expect(bodies(fetch, examCalls.delete.path)).toEqual([{ id: 2 }]);
    expect(await screen.findByText(t.removed)).toBeTruthy();
    expect(screen.getByText('全真模考 1 · 完整模考')).toBeTruthy();
  });

  it('with no records: an empty state whose one action goes to the simulate page', async () => {
    serve([]);
    const { router } = renderApp('/record');
    expect(await screen.findByText(t.empty)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: t.emptyAction }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/simulate'));
  });

  it('at phone width shows a list instead of a table', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    serve();
    renderApp('/record');
    expect(await screen.findByText('全真模考 1 · 完整模考')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
  });
});
