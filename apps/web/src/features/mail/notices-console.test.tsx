import { mailCalls, ROLE_NAMES, type CallRequest, type Notice } from '@gre/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { AntdLayer } from '../../components/antd-layer';
import { AppProviders } from '../../components/app-providers';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer } from '../../test-utils';
import { NoticesConsole } from '.';
import { NOTICES_REFRESH_MS } from './sent-notices';
import { cleanUpAfterEach, NOV_22_NOON } from './test-utils/mail-fixtures';

const c = zh.mail.console;
const f = c.form;

beforeAll(async () => {
  await import('antd');
}, 60_000);

cleanUpAfterEach();

type Send = CallRequest<typeof mailCalls.sendNotice>;

function makeNotice(over: Partial<Notice> & { id: number }): Notice {
  return {
    subject: `通知 ${over.id}`,
    content: '<p>正文</p>',
    link: null,
    audience: { kind: 'all' },
    status: 'Done',
    delivered: 0,
    created_by: 1,
    created_stamp: NOV_22_NOON,
    ...over,
  };
}

/** The operator's server: sent notices are queued, then delivered when `deliver` is called. */
function serve(initial: Notice[] = []) {
  setToken('t'.repeat(43));
  let notices = [...initial];
  const sent: Send[] = [];
  const fetch = fakeServer(
    fake(mailCalls.sendNotice, (body) => {
      sent.push(body);
      const notice = makeNotice({ id: 100 + sent.length, ...body, status: 'Queued', delivered: 0 });
      notices = [notice, ...notices];
      return { data: notice };
    }),
    fake(mailCalls.notices, ({ page = 1, page_size = 20 }) => ({
      data: {
        notices: notices.slice((page - 1) * page_size, page * page_size),
        page_control: { page, page_size, total: notices.length },
      },
    })),
  );
  const deliver = (id: number, delivered: number, status: Notice['status'] = 'Done') => {
    notices = notices.map((n) => (n.id === id ? { ...n, delivered, status } : n));
  };
  const listCalls = () => fetch.mock.calls.filter(([url]) => url === mailCalls.notices.path).length;
  return { sent, deliver, listCalls };
}

function renderConsole() {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <AntdLayer>
          <NoticesConsole />
        </AntdLayer>
      ),
    },
  ]);
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const field = (label: string) => screen.getByLabelText(label);
const submit = () => userEvent.click(screen.getByRole('button', { name: f.submit }));

async function fillNotice(subject = '寒假集训营', content = '集训营 1 月 10 日开始\n\n名额有限') {
  await userEvent.type(field(f.subject), subject);
  await userEvent.type(field(f.content), content);
}

describe('NoticesConsole', { timeout: 60_000 }, () => {
  it('asks for a subject and a body, and takes only in-site links', async () => {
    const { sent } = serve();
    renderConsole();
    await submit();
    expect(await screen.findByText(f.subjectRequired)).toBeTruthy();
    expect(screen.getByText(f.contentRequired)).toBeTruthy();

    await fillNotice();
    for (const bad of ['https://evil.example/', '//evil.example', 'javascript:alert(1)', 'word']) {
      await userEvent.clear(field(f.link));
      await userEvent.type(field(f.link), bad);
      await submit();
      expect(await screen.findByText(f.linkInvalid)).toBeTruthy();
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('checks the user ids before anything is sent', async () => {
    const { sent } = serve();
    renderConsole();
    await fillNotice();
    await userEvent.click(screen.getByRole('radio', { name: f.audienceKinds.users }));
    await submit();
    expect(await screen.findByText(f.usersRequired)).toBeTruthy();
    await userEvent.type(field(f.users), '12, 7a 9');
    await submit();
    expect(await screen.findByText(f.usersInvalid('7a'))).toBeTruthy();
    await userEvent.clear(field(f.users));
    await userEvent.type(field(f.users), '12，34 12\n56');
    await submit();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(c.confirm.users(3), { exact: false })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: c.confirm.ok }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.audience).toEqual({ kind: 'users', user_ids: [12, 34, 56] });
  });

  it('states the audience in the confirm step; cancel sends nothing, confirm sends the notice as HTML', async () => {
    const { sent } = serve();
    renderConsole();
    await fillNotice();
    await userEvent.type(field(f.link), '/word');
    await userEvent.click(screen.getByRole('radio', { name: f.audienceKinds.role }));
    await submit();
    expect(await screen.findByText(f.rolesRequired)).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: f.roles }));
    await userEvent.click(await screen.findByTitle(ROLE_NAMES.SVIP));
    await userEvent.click(await screen.findByTitle(ROLE_NAMES.VIP));
    await submit();

    let dialog = await screen.findByRole('dialog', { name: c.confirm.title });
    expect(within(dialog).getAllByText(c.confirm.title).length).toBeGreaterThan(0);
    expect(within(dialog).getByText(c.confirm.subject('寒假集训营'))).toBeTruthy();
    // In the contract's order of roles, whatever order they were picked in.
    expect(
      within(dialog).getByText(c.confirm.roles(`${ROLE_NAMES.VIP}、${ROLE_NAMES.SVIP}`), { exact: false }),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: zh.common.cancel }));
    expect(sent).toHaveLength(0);

    await submit();
    // The cancelled confirm may still be leaving (its close animation); the new one is the last.
    dialog = (await screen.findAllByRole('dialog', { name: c.confirm.title })).at(-1)!;
    await userEvent.click(within(dialog).getByRole('button', { name: c.confirm.ok }));
    expect(await screen.findByText(f.sent)).toBeTruthy();
    expect(sent).toEqual([
      {
        subject: '寒假集训营',
        content: '<p>集训营 1 月 10 日开始</p><p>名额有限</p>',
        link: '/word',
        audience: { kind: 'role', roles: ['VIP', 'SVIP'] },
      },
    ]);
    // The list shows it queued; the form is cleared for the next notice.
    expect(
      within((await screen.findByText('寒假集训营')).closest('.ant-list-item') as HTMLElement).getByText(
        c.list.status.Queued,
      ),
    ).toBeTruthy();
    expect((field(f.subject) as HTMLInputElement).value).toBe('');
  });

  it('lists the notices sent and reads the list again while one is still being delivered', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    const world = serve([
      makeNotice({
        id: 2,
        subject: '系统维护',
        audience: { kind: 'role', roles: ['Trail'] },
        status: 'Sending',
        delivered: 40,
      }),
      makeNotice({ id: 1, subject: '欢迎', delivered: 1200 }),
    ]);
    renderConsole();
    const row = async (subject: string) => (await screen.findByText(subject)).closest('.ant-list-item') as HTMLElement;
    expect(within(await row('欢迎')).getByText(c.list.status.Done)).toBeTruthy();
    expect(within(await row('欢迎')).getByText(c.list.delivered(1200), { exact: false })).toBeTruthy();
    expect(within(await row('系统维护')).getByText(c.list.status.Sending)).toBeTruthy();
    expect(
      within(await row('系统维护')).getByText(c.confirm.roles(ROLE_NAMES.Trail), { exact: false }).textContent,
    ).toContain(c.list.delivered(40));

    world.deliver(2, 95);
    const before = world.listCalls();
    await act(() => vi.advanceTimersByTimeAsync(NOTICES_REFRESH_MS));
    await waitFor(() =>
      expect(
        within(screen.getByText('系统维护').closest('.ant-list-item') as HTMLElement).getByText(c.list.status.Done),
      ).toBeTruthy(),
    );
    expect(screen.getByText(c.list.delivered(95), { exact: false })).toBeTruthy();
    const settled = world.listCalls();
    expect(settled).toBe(before + 1);
    // Every notice done: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(NOTICES_REFRESH_MS * 5));
    expect(world.listCalls()).toBe(settled);
  });
});
