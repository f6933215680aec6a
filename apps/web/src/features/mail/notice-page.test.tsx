import { mailCalls, userCalls, type CallRequest } from '@gre/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser, renderApp, sentBody } from '../../test-utils';
import { noticeRequest } from './notice-page';
import { cleanUpAfterEach, NOV_22_NOON } from './test-utils/mail-fixtures';

const t = zh.mail.notice;

beforeAll(async () => {
  await import('./notice-page');
}, 60_000);

cleanUpAfterEach();

const TOKEN = 'Ab3_-'.repeat(8) + 'xyz';
const NOTICE = {
  id: 12,
  subject: '寒假集训营开放报名',
  content: '<p>集训营于 <strong>1 月 10 日</strong>开始。</p><p>名额有限。</p>',
  link: '/download',
  created_stamp: NOV_22_NOON,
};

/** The server's get_notice: the notice for user 7, id 12 and TOKEN; not_found for anything else. */
function serve({ loggedIn = false } = {}) {
  if (loggedIn) setToken('t'.repeat(43));
  const asked: CallRequest<typeof mailCalls.getNotice>[] = [];
  const fetch = fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(mailCalls.getNotice, (body) => {
      asked.push(body);
      return body.user_id === 7 && body.id === 12 && body.token === TOKEN ? { data: NOTICE } : { kind: 'not_found' };
    }),
  );
  return { asked, fetch };
}

describe('/notice/:userID/:id/:token', { timeout: 60_000 }, () => {
  it('shows the notice to a visitor who is not logged in, with a link to log in', async () => {
    const { asked, fetch } = serve();
    renderApp(`/notice/7/12/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: NOTICE.subject })).toBeTruthy();
    expect(screen.getByText(t.published('2026-11-22 12:00'))).toBeTruthy();
    const strong = screen.getByText('1 月 10 日', { selector: '.gm-html strong' });
    expect(strong.closest('.gm-html')?.querySelectorAll('p')).toHaveLength(2);
    const login = screen.getByRole('link', { name: t.login });
    expect(login.getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: t.toMail })).toBeNull();
    expect(asked).toEqual([{ user_id: 7, id: 12, token: TOKEN }]);
    // Nothing that needs a login was asked.
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([mailCalls.getNotice.path]);
    expect(sentBody(fetch.mock.calls[0]![1])).toEqual({ user_id: 7, id: 12, token: TOKEN });
  });

  it('offers the inbox and the notice link to a learner who is logged in', async () => {
    serve({ loggedIn: true });
    renderApp(`/notice/7/12/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: NOTICE.subject })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: t.toMail }).getAttribute('href')).toBe('/mail'));
    expect(screen.getByRole('link', { name: t.open }).getAttribute('href')).toBe('/download');
    expect(screen.queryByRole('link', { name: t.login })).toBeNull();
  });

  it('says the link is wrong or expired when the server does not know it (another token, another user)', async () => {
    const { asked } = serve();
    renderApp(`/notice/8/12/${TOKEN}`);
    expect(await screen.findByText(t.notFound)).toBeTruthy();
    expect(screen.getByText(t.notFoundHint)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.login })).toBeTruthy();
    expect(screen.queryByText(NOTICE.subject)).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('does not ask the server about a link that cannot be a notice link', async () => {
    const { fetch } = serve();
    renderApp(`/notice/7/12/short-token`);
    expect(await screen.findByText(t.notFound)).toBeTruthy();
    expect(fetch.mock.calls).toHaveLength(0);
  });
});

describe('noticeRequest', () => {
  it('takes positive whole ids and a 43-character base64url token, and nothing else', () => {
    expect(noticeRequest({ userID: '7', id: '12', token: TOKEN })).toEqual({ user_id: 7, id: 12, token: TOKEN });
    for (const bad of [
      { userID: '0', id: '12', token: TOKEN },
      { userID: '7', id: '1.5', token: TOKEN },
      { userID: '-7', id: '12', token: TOKEN },
      { userID: '7e2', id: '12', token: TOKEN },
      { userID: '7', id: '99999999999999999', token: TOKEN },
      { userID: '7', id: '12', token: `${TOKEN.slice(1)}=` },
      { userID: '7', id: '12', token: TOKEN.slice(1) },
      { userID: '7', id: '12' },
    ])
      expect(noticeRequest(bad)).toBeNull();
  });
});
