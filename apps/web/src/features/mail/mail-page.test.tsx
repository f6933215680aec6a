import { mailCalls } from '@gre/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { zh } from '../../i18n/zh-CN';
import { renderApp } from '../../test-utils';
import { bodiesTo, cleanUpAfterEach, makeMail, MailWorld } from './test-utils/mail-fixtures';

const p = zh.mail.page;
const s = zh.mail.settings;

beforeAll(async () => {
  await import('./mail-page');
}, 60_000);

cleanUpAfterEach();

/** Two unread reminders (one older than a read one), an unread notice with rich text and a link, an unread reply. */
const MAILS = [
  makeMail({
    id: 1,
    subject: '今日目标未完成',
    content: '今天还差 12 题',
    link: '/home',
    created_stamp: 1_795_000_000,
  }),
  makeMail({ id: 2, subject: '错题到期复习', status: 'Read', link: '/personal/wrongs', created_stamp: 1_795_100_000 }),
  makeMail({ id: 3, subject: '会员即将到期', created_stamp: 1_794_900_000 }),
  makeMail({
    id: 4,
    race: 'notice',
    subject: '周六维护通知',
    content: '<p>系统将于<strong>周六</strong>维护</p>',
    link: '/download',
  }),
  makeMail({ id: 5, race: 'chat', subject: '有人回复了你的评论', content: '<p>同意你的看法</p>' }),
];

const bell = () => document.querySelector<HTMLAnchorElement>('.gm-bell')!;
const list = () => document.querySelector<HTMLElement>('.gm-list')!;
const subjects = () => [...list().querySelectorAll('.gm-subject')].map((e) => e.textContent);
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });

describe('/mail', { timeout: 60_000 }, () => {
  it('shows the races as tabs with their unread counts and the reminders unread first, then newest', async () => {
    const world = new MailWorld(MAILS);
    const fetch = world.serve();
    renderApp('/mail');
    expect(await screen.findByRole('heading', { name: p.title })).toBeTruthy();
    await waitFor(() => expect(subjects()).toEqual(['今日目标未完成', '会员即将到期', '错题到期复习']));
    await waitFor(() => expect(tab('提醒').textContent).toContain(zh.mail.badge.unread(2)));
    expect(tab('通知').textContent).toContain(zh.mail.badge.unread(1));
    expect(tab('回复').textContent).toContain(zh.mail.badge.unread(1));
    expect(bell().getAttribute('aria-label')).toBe(zh.mail.badge.label(4));
    // The reminder's own line is shown in full; the read one carries no 未读 mark.
    expect(within(list()).getByText('今天还差 12 题')).toBeTruthy();
    expect(within(list()).getAllByText(p.unread)).toHaveLength(2);
    expect(bodiesTo(fetch, mailCalls.gets.path)[0]).toEqual({ race: 'remind', page: 1, page_size: 20 });
  });

  it('marks a reminder read when it is clicked and opens its link inside the app', async () => {
    const world = new MailWorld(MAILS);
    const fetch = world.serve();
    const { router } = renderApp('/mail');
    await userEvent.click(await screen.findByRole('button', { name: /今日目标未完成/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(bodiesTo(fetch, mailCalls.inboxMarkRead.path)).toEqual([{ ids: [1] }]);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe(zh.mail.badge.label(3)));
  });

  it('unfolds a notice as rich text, marks it read once, and its button opens the link', async () => {
    const world = new MailWorld(MAILS);
    const fetch = world.serve();
    const { router } = renderApp('/mail?race=notice');
    const head = await screen.findByRole('button', { name: /周六维护通知/ });
    expect(head.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(head);
    expect(head.getAttribute('aria-expanded')).toBe('true');
    const strong = await screen.findByText('周六', { selector: '.gm-html strong' });
    expect(strong.closest('p')?.textContent).toBe('系统将于周六维护');
    await waitFor(() => expect(world.unread('notice')).toBe(0));
    await waitFor(() => expect(within(list()).queryByText(p.unread)).toBeNull());
    // Folding and unfolding again does not mark it twice.
    await userEvent.click(head);
    await userEvent.click(head);
    expect(bodiesTo(fetch, mailCalls.inboxMarkRead.path)).toEqual([{ ids: [4] }]);
    await userEvent.click(screen.getByRole('button', { name: new RegExp(p.open) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/download'));
  });

  it('filters to unread, and 全部标为已读 reads every mail of the race', async () => {
    const world = new MailWorld(MAILS);
    const fetch = world.serve();
    const { router } = renderApp('/mail');
    await waitFor(() => expect(subjects()).toHaveLength(3));
    await userEvent.click(within(document.querySelector<HTMLElement>('.ant-segmented')!).getByText(p.filter.unread));
    await waitFor(() => expect(subjects()).toEqual(['今日目标未完成', '会员即将到期']));
    expect(router.state.location.search).toBe('?race=remind&status=unread');
    expect(bodiesTo(fetch, mailCalls.gets.path).at(-1)).toEqual({
      race: 'remind',
      status: 'Inbox',
      page: 1,
      page_size: 20,
    });

    await userEvent.click(screen.getByRole('button', { name: p.markAllRead }));
    expect(await screen.findByText(p.markedAllRead(2))).toBeTruthy();
    expect(bodiesTo(fetch, mailCalls.inboxMarkRead.path)).toEqual([{ race: 'remind' }]);
    expect(await screen.findByText(p.empty.unread)).toBeTruthy();
    await waitFor(() => expect(tab('提醒').textContent).toBe('提醒'));
    expect(screen.getByRole('button', { name: p.markAllRead }).hasAttribute('disabled')).toBe(true);
    // The other races keep their unread mails.
    expect(world.unread('notice')).toBe(1);
    expect(bell().getAttribute('aria-label')).toBe(zh.mail.badge.label(2));
  });

  it('pages through a long race, the page in the URL', async () => {
    const many = Array.from({ length: 25 }, (_, i) => makeMail({ id: 100 + i, race: 'chat', subject: `回复 ${i}` }));
    const world = new MailWorld(many);
    const fetch = world.serve();
    const { router } = renderApp('/mail?race=chat');
    await waitFor(() => expect(subjects()).toHaveLength(20));
    expect(subjects()[0]).toBe('回复 0');
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(subjects()).toEqual(['回复 20', '回复 21', '回复 22', '回复 23', '回复 24']));
    expect(router.state.location.search).toBe('?race=chat&page=2');
    expect(bodiesTo(fetch, mailCalls.gets.path).at(-1)).toEqual({ race: 'chat', page: 2, page_size: 20 });
    // Another race starts again on its first page.
    await userEvent.click(tab('提醒'));
    await waitFor(() => expect(router.state.location.search).toBe('?race=remind'));
  });

  it('turns reminder kinds off and on in 提醒设置, each change saved at once', async () => {
    const world = new MailWorld(MAILS);
    world.off = ['streak'];
    world.serve();
    renderApp('/mail');
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(p.settings) }));
    const dialog = await screen.findByRole('dialog');
    const toggle = async (kind: keyof typeof s.kinds) => within(dialog).findByRole('switch', { name: s.kinds[kind] });
    expect((await toggle('streak')).getAttribute('aria-checked')).toBe('false');
    expect((await toggle('review_due')).getAttribute('aria-checked')).toBe('true');
    for (const kind of Object.keys(s.kinds)) expect(within(dialog).getByText(s.kinds[kind as 'streak'])).toBeTruthy();

    await userEvent.click(await toggle('review_due'));
    await waitFor(() => expect(world.settingsSent).toEqual([['streak', 'review_due']]));
    await waitFor(async () => expect((await toggle('review_due')).getAttribute('aria-checked')).toBe('false'));
    expect(await screen.findByText(s.saved)).toBeTruthy();

    await waitFor(async () => expect((await toggle('streak')).hasAttribute('disabled')).toBe(false));
    await userEvent.click(await toggle('streak'));
    await waitFor(() => expect(world.settingsSent.at(-1)).toEqual(['review_due']));
    await waitFor(async () => expect((await toggle('streak')).getAttribute('aria-checked')).toBe('true'));
  });
});
