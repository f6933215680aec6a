import { examCalls, userCalls, type CallResponse } from '@gre/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { closeDialog } from '../../state/ui';
import { fake, fakeServer, makeUser, renderApp, type FakeReply, sentBody } from '../../test-utils';
import { makeMock } from './test-utils/records-fixtures';

const s = zh.records.simulate;
const c = zh.records.create;

beforeAll(async () => {
  await import('./simulate-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  closeDialog();
  vi.unstubAllGlobals();
});

type SimList = CallResponse<typeof examCalls.simulateList>;

function serve(list: SimList, create: () => FakeReply<typeof examCalls.create> = () => ({ data: { id: 42 } })) {
  setToken('t'.repeat(43));
  return fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(examCalls.simulateList, () => ({ data: list })),
    fake(examCalls.create, create),
  );
}

const bodies = (fetch: ReturnType<typeof fakeServer>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));
const startButton = (title: string) => screen.getByRole('button', { name: `${s.start}：${title}` });

const MOCKS: SimList = {
  mocks: [
    makeMock(),
    makeMock({
      book_id: 'b-mock-2',
      title: '全真模考 2',
      status: 'Start',
      open_exam_id: 17,
      finished_count: 2,
      best_total: 318,
    }),
  ],
  remaining: 2,
  period: 'week',
};

describe('/simulate', { timeout: 30_000 }, () => {
  it('shows each mock with its status, best total and finished count, and the quota left this week', async () => {
    serve(MOCKS);
    const { router } = renderApp('/simulate');
    expect(await screen.findByText(s.quota(2, 'week'))).toBeTruthy();
    expect(screen.getByText('本周还可模考 2 次')).toBeTruthy();
    const second = screen.getByText('全真模考 2').closest('.gr-mock') as HTMLElement;
    expect(within(second).getByText('进行中')).toBeTruthy();
    expect(within(second).getByText('318')).toBeTruthy();
    expect(
      within(second)
        .getByRole('link', { name: new RegExp(s.report) })
        .getAttribute('href'),
    ).toBe('/report/b-mock-2');
    const first = screen.getByText('全真模考 1').closest('.gr-mock') as HTMLElement;
    expect(within(first).getByText('未开始')).toBeTruthy();
    expect(within(first).getByText(s.noBest)).toBeTruthy();
    expect(within(first).queryByRole('button', { name: new RegExp(s.resume) })).toBeNull();
    await userEvent.click(within(second).getByRole('button', { name: new RegExp(s.resume) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/17'));
  });

  it('starts a quant-only, count-up simulation from the dialog and opens the exam', async () => {
    const fetch = serve(MOCKS);
    const { router } = renderApp('/simulate');
    await userEvent.click(await waitFor(() => startButton('全真模考 1')));
    const dialog = await screen.findByRole('dialog', { name: c.simulateTitle('全真模考 1') });
    for (const kind of Object.values(zh.records.simulateKinds)) expect(within(dialog).getByText(kind)).toBeTruthy();
    expect(within(dialog).getByText(/语文两部分 \+ 数学两部分，共 1 小时 28 分钟/)).toBeTruthy();
    expect(within(dialog).getByText(s.quota(2, 'week'))).toBeTruthy();
    const autoCommit = within(dialog).getByRole('switch', { name: c.autoCommit });
    expect(autoCommit.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(within(dialog).getByText(zh.records.simulateKinds.quant!));
    await userEvent.click(within(dialog).getByRole('switch', { name: c.countUp }));
    await waitFor(() => expect(autoCommit.hasAttribute('disabled')).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: c.start }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/42'));
    expect(bodies(fetch, examCalls.create.path)).toEqual([
      { source: 'simulate', version: 'b-mock-1', select_kind: 'quant', enable_count_up: true, is_auto_commit: false },
    ]);
  });

  it('a full timed simulation keeps auto-submit on by default', async () => {
    const fetch = serve(MOCKS);
    renderApp('/simulate');
    await userEvent.click(await waitFor(() => startButton('全真模考 2')));
    const dialog = await screen.findByRole('dialog', { name: c.simulateTitle('全真模考 2') });
    await userEvent.click(within(dialog).getByRole('button', { name: c.start }));
    await waitFor(() =>
      expect(bodies(fetch, examCalls.create.path)).toEqual([
        { source: 'simulate', version: 'b-mock-2', select_kind: 'full', enable_count_up: false, is_auto_commit: true },
      ]),
    );
  });

  it('when the server refuses with sim_no_perm, the simulate no-permission dialog opens and the page stays', async () => {
    serve(MOCKS, () => ({ kind: 'sim_no_perm' }));
    const { router } = renderApp('/simulate');
    await userEvent.click(await waitFor(() => startButton('全真模考 1')));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: c.simulateTitle('全真模考 1') })).getByRole('button', {
        name: c.start,
      }),
    );
    expect(await screen.findByRole('dialog', { name: zh.dialogs.simNoPermTitle })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: c.simulateTitle('全真模考 1') })).toBeNull();
    expect(router.state.location.pathname).toBe('/simulate');
  });

  it('when the server answers limit, the upgrade dialog opens', async () => {
    serve(MOCKS, () => ({ kind: 'limit' }));
    renderApp('/simulate');
    await userEvent.click(await waitFor(() => startButton('全真模考 1')));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: c.simulateTitle('全真模考 1') })).getByRole('button', {
        name: c.start,
      }),
    );
    expect(await screen.findByRole('dialog', { name: zh.dialogs.upgradeTitle })).toBeTruthy();
  });

  it('a refusal known from the list shows on the card and opens its dialog without asking the server', async () => {
    const fetch = serve({
      mocks: [
        makeMock({ refusal: 'sim_no_perm' }),
        makeMock({ book_id: 'b-mock-2', title: '全真模考 2', refusal: 'limit' }),
      ],
      remaining: 0,
      period: 'total',
      limit: 1,
    });
    renderApp('/simulate');
    expect(await screen.findByText(s.refusal.sim_no_perm!)).toBeTruthy();
    expect(screen.getByText(s.quotaUsedUp)).toBeTruthy();
    await userEvent.click(startButton('全真模考 1'));
    // The true cause: the one simulation is used, not the questions' tier.
    const dialog = await screen.findByRole('dialog', { name: zh.dialogs.simUsedUpTitle });
    expect(await within(dialog).findByText(/共可模考 1 次，已用 1 次/)).toBeTruthy();
    closeDialog();
    await userEvent.click(startButton('全真模考 2'));
    expect(await screen.findByRole('dialog', { name: zh.dialogs.upgradeTitle })).toBeTruthy();
    expect(bodies(fetch, examCalls.create.path)).toEqual([]);
  });

  it('says so when simulations are unlimited', async () => {
    serve({ mocks: [makeMock()], remaining: null, period: 'none' });
    renderApp('/simulate');
    expect(await screen.findByText(s.quotaUnlimited)).toBeTruthy();
  });
});
