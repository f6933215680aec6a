import { mailCalls } from '@gre/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { zh } from '../../i18n/zh-CN';
import { renderApp } from '../../test-utils';
import { BADGE_REFRESH_MS } from './mail-queries';
import { cleanUpAfterEach, makeMail, MailWorld } from './test-utils/mail-fixtures';

const b = zh.mail.badge;

beforeAll(async () => {
  await Promise.all([import('./notice-page'), import('../../components/layout/nav-layout')]);
}, 60_000);

cleanUpAfterEach();

const bell = () => document.querySelector<HTMLAnchorElement>('.gm-bell');
const bellCount = () => bell()?.querySelector('.ant-badge-count')?.textContent ?? null;
const inboxCalls = (fetch: ReturnType<MailWorld['serve']>) =>
  fetch.mock.calls.filter(([url]) => url === mailCalls.inboxGet.path).length;

// A page with the nav and no mail calls of its own: a notice link the fake server does not know.
const PAGE = `/notice/7/1/${'a'.repeat(43)}`;

describe('the nav bell', { timeout: 60_000 }, () => {
  it('links to /mail with the unread count of every race', async () => {
    const world = new MailWorld([
      makeMail({ id: 1 }),
      makeMail({ id: 2, race: 'notice' }),
      makeMail({ id: 3, race: 'chat', status: 'Read' }),
    ]);
    world.serve();
    renderApp(PAGE);
    await waitFor(() => expect(bell()?.getAttribute('aria-label')).toBe(b.label(2)));
    expect(bell()!.getAttribute('href')).toBe('/mail');
    expect(bellCount()).toBe('2');
  });

  it('shows no badge when nothing is unread', async () => {
    new MailWorld([makeMail({ id: 1, status: 'Read' })]).serve();
    renderApp(PAGE);
    await waitFor(() => expect(bell()?.getAttribute('aria-label')).toBe(b.label(0)));
    expect(bell()!.querySelector('.ant-badge-count')).toBeNull();
  });

  it('is not there for a visitor who is not logged in, and asks nothing', async () => {
    const fetch = new MailWorld([makeMail({ id: 1 })]).serve({ loggedOut: true });
    renderApp(PAGE);
    expect(await screen.findByRole('link', { name: zh.nav.login })).toBeTruthy();
    expect(bell()).toBeNull();
    expect(inboxCalls(fetch)).toBe(0);
  });

  it('asks again every minute while the page is in view, and not while it is hidden', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const world = new MailWorld([makeMail({ id: 1 })]);
    const fetch = world.serve();
    renderApp(PAGE);
    await waitFor(() => expect(bellCount()).toBe('1'));
    const before = inboxCalls(fetch);

    world.mails.push(makeMail({ id: 2, race: 'notice' }));
    await act(() => vi.advanceTimersByTimeAsync(BADGE_REFRESH_MS));
    await waitFor(() => expect(bellCount()).toBe('2'));
    expect(inboxCalls(fetch)).toBe(before + 1);

    act(() => focusManager.setFocused(false));
    world.mails.push(makeMail({ id: 3, race: 'chat' }));
    await act(() => vi.advanceTimersByTimeAsync(BADGE_REFRESH_MS * 3));
    expect(inboxCalls(fetch)).toBe(before + 1);
    expect(bellCount()).toBe('2');

    // Back in view: asked at once (the count is stale), then every minute again.
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(bellCount()).toBe('3'));
    act(() => focusManager.setFocused(undefined));
  });
});
