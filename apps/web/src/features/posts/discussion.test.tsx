import { postCalls } from '@gre/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer } from '../../test-utils';
import { Discussion } from './discussion';
import { cleanUpAfterEach, renderInLayer } from './test-utils/render-panel';
import { makeComment, ThreadWorld } from './test-utils/thread-world';

const t = zh.posts;

cleanUpAfterEach();

function serve(world: ThreadWorld) {
  fakeServer(...world.routes());
  renderInLayer(<Discussion topicId={world.topicId} />);
  return userEvent.setup();
}

const comment = (name: string) => screen.findByRole('article', { name });

describe('Discussion', () => {
  it('shows the count, each author (匿名用户 for an anonymous one), the time and the content as HTML', async () => {
    serve(
      new ThreadWorld(5, [
        makeComment({ id: 1, nick_name: '小红', content: '<p>先看 <b>转折词</b></p>' }),
        makeComment({ id: 2, nick_name: '匿名用户', user_id: null, anonymous: true, content: '<p>同问</p>' }),
      ]),
    );
    expect(await screen.findByText(t.count(2))).toBeTruthy();
    const first = await comment('小红');
    expect(within(first).getByText('转折词').tagName).toBe('B');
    expect(within(first).getByText('2026-11-22 08:00')).toBeTruthy();
    const anonymous = await comment(t.anonymous);
    expect(within(anonymous).getByText('同问')).toBeTruthy();
  });

  it('tags the learner’s own pending comment 审核中 and a rejected one 未通过 with the reason', async () => {
    serve(
      new ThreadWorld(5, [
        makeComment({ id: 1, nick_name: '小明', mine: true, review_status: 'Uploading', created_stamp: 2 }),
        makeComment({
          id: 2,
          nick_name: '小明',
          mine: true,
          anonymous: true,
          review_status: 'Rejected',
          reject_reason: '含有广告',
          created_stamp: 1,
        }),
      ]),
    );
    await screen.findByText(t.count(2));
    const [pending, rejected] = screen.getAllByRole('article');
    expect(within(pending!).getByText(t.pending)).toBeTruthy();
    expect(within(pending!).queryByText(t.rejected)).toBeNull();
    // Neither can be replied to or liked until it is public.
    expect(within(pending!).queryByRole('button', { name: t.reply })).toBeNull();
    expect(within(rejected!).getByText(t.rejected)).toBeTruthy();
    expect(within(rejected!).getByText(t.rejectedReason('含有广告'))).toBeTruthy();
    expect(within(rejected!).getByText(t.anonymousMine)).toBeTruthy();
  });

  it('sorts by likes when 最热 is chosen', async () => {
    const world = new ThreadWorld(5, [
      makeComment({ id: 1, nick_name: '早', like_count: 1, created_stamp: 1 }),
      makeComment({ id: 2, nick_name: '晚', like_count: 0, created_stamp: 2 }),
      makeComment({ id: 3, nick_name: '热', like_count: 9, created_stamp: 0 }),
    ]);
    const user = serve(world);
    await comment('晚');
    const names = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(names()).toEqual(['晚', '早', '热']);
    await user.click(screen.getByText(t.sort.likes));
    await waitFor(() => expect(names()).toEqual(['热', '早', '晚']));
    expect(world.sent.gets.at(-1)).toMatchObject({ sort: 'likes', page: 1 });
  });

  it('moves the like count at once, takes the server’s figure, and unlikes', async () => {
    const world = new ThreadWorld(5, [makeComment({ id: 1, nick_name: '小红', like_count: 3 })]);
    world.othersLike = 1;
    const user = serve(world);
    const item = await comment('小红');
    const like = within(item).getByRole('button', { name: `${t.like} 3` });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await user.click(like);
    // 3 + the learner's like + another learner's in between: the answer's 5, not the optimistic 4.
    const liked = await within(item).findByRole('button', { name: `${t.unlike} 5` });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    world.othersLike = 0;
    await user.click(liked);
    expect(await within(item).findByRole('button', { name: `${t.like} 4` })).toBeTruthy();
    expect(world.sent.calls.filter((c) => c.startsWith('like'))).toEqual(['like:1:true', 'like:1:false']);
  });

  it('puts the old figures back when a like is refused', async () => {
    const world = new ThreadWorld(5, [makeComment({ id: 1, nick_name: '小红', like_count: 3 })]);
    fakeServer(
      ...world.routes().filter((r) => r.call.path !== '/api/post/like'),
      // rate_limited, through the error catalogue
      fake(postCalls.like, () => ({ kind: 'rate_limited' })),
    );
    renderInLayer(<Discussion topicId={5} />);
    const user = userEvent.setup();
    const item = await comment('小红');
    await user.click(within(item).getByRole('button', { name: `${t.like} 3` }));
    expect(await screen.findByText(zh.errors.kinds.rate_limited!)).toBeTruthy();
    expect(
      within(item)
        .getByRole('button', { name: `${t.like} 3` })
        .getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it('replies in place under a comment', async () => {
    const world = new ThreadWorld(5, [makeComment({ id: 1, nick_name: '小红' })]);
    const user = serve(world);
    const item = await comment('小红');
    await user.click(within(item).getByRole('button', { name: t.reply }));
    const box = within(item).getByRole('textbox', { name: t.composer.replyLabel });
    await user.type(box, '第二空选 B');
    await user.click(within(item).getByRole('button', { name: t.composer.submitReply }));
    expect(await screen.findByText(t.posted)).toBeTruthy();
    expect(world.sent.comments).toEqual([{ topic_id: 5, parent_id: 1, content: '第二空选 B', anonymous: false }]);
    const reply = await within(item).findByRole('article', { name: '小明' });
    expect(within(reply).getByText('第二空选 B')).toBeTruthy();
    expect(within(item).queryByRole('textbox', { name: t.composer.replyLabel })).toBeNull();
  });

  it('shows the first replies two levels deep, then loads the rest with 查看更多回复', async () => {
    const deep = makeComment({ id: 30, kind: 'reply', parent_id: 20, nick_name: '三楼' });
    const replies = [1, 2, 3, 4, 5].map((i) =>
      makeComment({ id: 10 + i, kind: 'reply', parent_id: 1, nick_name: `回复${i}` }),
    );
    const second = makeComment({ id: 20, kind: 'reply', parent_id: 1, nick_name: '二楼', replies: [deep] });
    const world = new ThreadWorld(5, [
      makeComment({ id: 1, nick_name: '楼主', reply_count: 6, replies: [second, replies[0]!, replies[1]!] }),
    ]);
    world.allReplies.set(1, [second, ...replies]);
    const user = serve(world);
    const top = await comment('楼主');
    expect(within(top).getByRole('article', { name: '二楼' })).toBeTruthy();
    expect(within(top).getByRole('article', { name: '三楼' })).toBeTruthy();
    expect(within(top).queryByRole('article', { name: '回复5' })).toBeNull();
    await user.click(within(top).getByRole('button', { name: t.moreReplies(3) }));
    expect(await within(top).findByRole('article', { name: '回复5' })).toBeTruthy();
    expect(world.sent.calls).toContain('replies:1:1');
    expect(within(top).getAllByRole('article', { name: '二楼' })).toHaveLength(1);
    expect(within(top).queryByRole('button', { name: /查看更多回复/ })).toBeNull();
  });

  it('deletes the learner’s own comment after confirming, its place kept', async () => {
    const world = new ThreadWorld(5, [
      makeComment({ id: 1, nick_name: '小明', mine: true }),
      makeComment({ id: 2, nick_name: '小红' }),
    ]);
    const user = serve(world);
    const mine = await comment('小明');
    expect(within(await comment('小红')).queryByRole('button', { name: t.delete })).toBeNull();
    await user.click(within(mine).getByRole('button', { name: t.delete }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: t.delete }));
    expect(await within(mine).findByText(t.removed)).toBeTruthy();
    expect(world.sent.calls).toContain('delete:1');
  });

  it('follows and unfollows the thread', async () => {
    const world = new ThreadWorld(5, []);
    const user = serve(world);
    expect(await screen.findByText(t.empty)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.subscribe }));
    expect(await screen.findByRole('button', { name: t.unsubscribe })).toBeTruthy();
    expect(world.subscribed).toBe(true);
    await user.click(screen.getByRole('button', { name: t.unsubscribe }));
    expect(await screen.findByRole('button', { name: t.subscribe })).toBeTruthy();
    expect(world.subscribed).toBe(false);
  });

  it('pages through the top-level comments', async () => {
    const world = new ThreadWorld(
      5,
      Array.from({ length: 12 }, (_, i) => makeComment({ id: i + 1, nick_name: `同学${i + 1}`, created_stamp: i })),
    );
    const user = serve(world);
    await comment('同学12');
    expect(screen.getAllByRole('article')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: t.next }));
    expect(await comment('同学1')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('button', { name: t.next }).hasAttribute('disabled')).toBe(true);
    await act(async () => {
      await user.click(screen.getByRole('button', { name: t.prev }));
    });
    expect(await comment('同学12')).toBeTruthy();
  });
});
