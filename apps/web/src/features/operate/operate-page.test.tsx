import { postCalls, userCalls, type CallRequest, type QueuedComment, type User } from '@gre/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { closeDialog } from '../../state/ui';
import { fake, fakeServer, makeUser, renderApp } from '../../test-utils';
import { makeComment } from '../posts/test-utils/thread-world';
import { splitMatches } from './highlighted-html';

const o = zh.operate;
const q = o.queue;
const k = o.keywords;

beforeAll(async () => {
  await import('./operate-page');
}, 60_000);

afterEach(() => {
  act(() => closeDialog());
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const operator = () => makeUser({ authority: { ...makeUser().authority, is_operator: true } });

function queued(id: number, content: string, matched: string[], anonymous = false): QueuedComment {
  return {
    comment: makeComment({ id, content, anonymous, review_status: 'Uploading', nick_name: '小红' }),
    author: { id: 8, nick_name: '小红' },
    topic_id: 41,
    question_id: 'q-tc1-001',
    matched,
  };
}

function serve(user: User = operator()) {
  setToken('t'.repeat(43));
  let queue = [queued(1, '<p>加我 <b>VX</b> 领资料</p>', ['vx']), queued(2, '<p>这题选 B</p>', [], true)];
  let words = ['vx', '代写'];
  const reviews: CallRequest<typeof postCalls.review>[] = [];
  const removals: CallRequest<typeof postCalls.remove>[] = [];
  const saves: string[][] = [];
  fakeServer(
    fake(userCalls.get, () => ({ data: user })),
    fake(postCalls.reviewQueue, ({ page = 1, page_size = 20 }) => ({
      data: {
        comments: queue.slice((page - 1) * page_size, page * page_size),
        page_control: { page, page_size, total: queue.length },
      },
    })),
    fake(postCalls.review, (b) => {
      reviews.push(b);
      const item = queue.find((x) => x.comment.id === b.id)!;
      queue = queue.filter((x) => x.comment.id !== b.id);
      return {
        data: {
          ...item.comment,
          review_status: b.decision === 'approve' ? ('Reviewed' as const) : ('Rejected' as const),
          reject_reason: b.decision === 'reject' ? b.reason : null,
        },
      };
    }),
    fake(postCalls.remove, (b) => {
      removals.push(b);
      queue = queue.filter((x) => x.comment.id !== b.id);
      return { data: { done: true as const } };
    }),
    fake(postCalls.getKeywords, () => ({ data: { words } })),
    fake(postCalls.setKeywords, (b) => {
      saves.push(b.words);
      words = [...new Set(b.words.map((w) => w.trim().toLowerCase()))];
      return { data: { words } };
    }),
  );
  renderApp('/operate');
  return { reviews, removals, saves, user: userEvent.setup() };
}

const item = async (text: string | RegExp) => (await screen.findByText(text)).closest('li')!;

describe('/operate', () => {
  it('lists held comments with their real author, question link and the matched keywords marked', async () => {
    serve();
    const held = await item(/领资料/);
    expect(within(held).getByText(q.author('小红', 8))).toBeTruthy();
    expect(
      within(held)
        .getByRole('link', { name: q.question('q-tc1-001') })
        .getAttribute('href'),
    ).toBe('/discussion/41#comment-1');
    const mark = held.querySelector('mark');
    expect(mark?.textContent).toBe('VX');
    expect(mark?.parentElement?.tagName).toBe('B');
    const plain = await item('这题选 B');
    expect(within(plain).getByText(q.anonymous)).toBeTruthy();
    expect(within(plain).getByText(q.noMatch)).toBeTruthy();
    expect(screen.getByText(q.total(2))).toBeTruthy();
  });

  it('approves, and rejects only with a reason', async () => {
    const { reviews, user } = serve();
    await user.click(within(await item(/领资料/)).getByRole('button', { name: q.approve }));
    await waitFor(() => expect(screen.queryByText(/领资料/)).toBeNull());
    expect(reviews).toEqual([{ id: 1, decision: 'approve' }]);

    await user.click(within(await item('这题选 B')).getByRole('button', { name: q.reject }));
    const dialog = await screen.findByRole('dialog', { name: q.rejectTitle });
    await user.click(within(dialog).getByRole('button', { name: q.reject }));
    expect(await within(dialog).findByText(q.reasonRequired)).toBeTruthy();
    expect(reviews).toHaveLength(1);
    await user.type(within(dialog).getByRole('textbox', { name: q.reason }), '与题目无关');
    await user.click(within(dialog).getByRole('button', { name: q.reject }));
    expect(await screen.findByText(q.empty)).toBeTruthy();
    expect(reviews[1]).toEqual({ id: 2, decision: 'reject', reason: '与题目无关' });
  });

  it('removes a comment with a reason', async () => {
    const { removals, user } = serve();
    await user.click(within(await item(/领资料/)).getByRole('button', { name: q.remove }));
    const dialog = await screen.findByRole('dialog', { name: q.removeTitle });
    await user.type(within(dialog).getByRole('textbox', { name: q.reason }), '广告');
    await user.click(within(dialog).getByRole('button', { name: q.remove }));
    await waitFor(() => expect(screen.queryByText(/领资料/)).toBeNull());
    expect(removals).toEqual([{ id: 1, reason: '广告' }]);
  });

  it('edits the keyword list: add, refuse a duplicate, remove, save', async () => {
    const { saves, user } = serve();
    await user.click(await screen.findByRole('tab', { name: o.tabs.keywords }));
    await screen.findByText('代写');
    const input = screen.getByRole('textbox', { name: k.placeholder });
    await user.type(input, 'VX');
    expect(screen.getByText(k.duplicate)).toBeTruthy();
    await user.clear(input);
    await user.type(input, '  刷分 {Enter}');
    expect(screen.getByText('刷分')).toBeTruthy();
    await user.click(screen.getByLabelText(k.remove('代写')));
    expect(screen.queryByText('代写')).toBeNull();
    expect(screen.getByText(k.unsaved)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: k.save }));
    expect(await screen.findByText(k.saved(2))).toBeTruthy();
    expect(saves).toEqual([['vx', '刷分']]);
    expect(screen.queryByText(k.unsaved)).toBeNull();
  });

  it('shows 运营管理 in the nav to operators only, and a 403 page to a learner', async () => {
    serve();
    expect(await screen.findByRole('link', { name: zh.nav.operate })).toBeTruthy();
    cleanup();
    queryClient.clear();
    serve(makeUser());
    expect(await screen.findByText(o.forbidden)).toBeTruthy();
    expect(screen.queryByRole('link', { name: zh.nav.operate })).toBeNull();
  });
});

describe('splitMatches', () => {
  it('marks every keyword case-insensitively, longer ones first', () => {
    expect(splitMatches('Add VX or vxq now', ['vx', 'VXQ'])).toEqual([
      { text: 'Add ', match: false },
      { text: 'VX', match: true },
      { text: ' or ', match: false },
      { text: 'vxq', match: true },
      { text: ' now', match: false },
    ]);
    expect(splitMatches('nothing', [])).toEqual([{ text: 'nothing', match: false }]);
  });
});
