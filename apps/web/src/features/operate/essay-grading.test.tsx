import { essayCalls, userCalls, type CallRequest, type Essay, type EssayQueueItem, type User } from '@gre/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { closeDialog } from '../../state/ui';
import { fake, fakeServer, makeUser, renderApp } from '../../test-utils';
import { ESSAY_TEXT, makeEssay, queueItemOf } from '../essays/test-utils/essay-fixture';

const c = zh.essay;
const q = c.queue;
const f = q.form;

beforeAll(async () => {
  await import('./operate-page');
  await import('./essay-grading');
}, 60_000);

afterEach(() => {
  act(() => closeDialog());
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const authority = makeUser().authority;
const teacher = () => makeUser({ authority: { ...authority, is_teacher: true } });
const operator = () => makeUser({ authority: { ...authority, is_operator: true } });

function serve(user: User = teacher()) {
  setToken('t'.repeat(43));
  const flagged = makeEssay({ id: 41, needs_teacher: true, title: '技术让人更孤独' });
  const plain = makeEssay({ id: 42, title: '大学应当要求所有学生学习科学' });
  let queue: EssayQueueItem[] = [
    queueItemOf(flagged, { model_score: 2, user_name: '小李', user_id: 9 }),
    queueItemOf(plain, { user_name: '小王', user_id: 10 }),
  ];
  const essays: Essay[] = [flagged, plain];
  const queues: CallRequest<typeof essayCalls.queue>[] = [];
  const grades: CallRequest<typeof essayCalls.grade>[] = [];
  fakeServer(
    fake(userCalls.get, () => ({ data: user })),
    fake(essayCalls.queue, (b) => {
      queues.push(b);
      const items = b.flagged_only ? queue.filter((i) => i.needs_teacher) : queue;
      return {
        data: { items, page_control: { page: b.page ?? 1, page_size: b.page_size ?? 20, total: items.length } },
      };
    }),
    fake(essayCalls.get, ({ id }) => {
      const essay = essays.find((e) => e.id === id);
      return essay ? { data: { essay } } : { kind: 'not_found' };
    }),
    fake(essayCalls.grade, (b) => {
      grades.push(b);
      queue = queue.filter((i) => i.id !== b.id);
      const essay = essays.find((e) => e.id === b.id)!;
      return {
        data: {
          essay: {
            ...essay,
            score: b.score,
            band: null,
            score_source: 'teacher' as const,
            teacher: { name: '王老师', score: b.score, comment: b.comment, stamp: 1_795_100_000 },
          },
        },
      };
    }),
  );
  return { queues, grades, user: userEvent.setup() };
}

const line = async (title: string) => (await screen.findByText(title)).closest('li')!;

describe('/operate 作文批改', { timeout: 30_000 }, () => {
  it('is a tab for teachers and admins, not for operators without the teacher flag', async () => {
    serve();
    renderApp('/operate');
    expect(await screen.findByRole('tab', { name: q.tab })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: zh.operate.tabs.queue })).toBeNull();
    cleanup();
    queryClient.clear();
    serve(operator());
    renderApp('/operate');
    expect(await screen.findByRole('tab', { name: zh.operate.tabs.queue })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: q.tab })).toBeNull();
    cleanup();
    queryClient.clear();
    serve(makeUser({ is_admin: true }));
    renderApp('/operate');
    expect(await screen.findByRole('tab', { name: q.tab })).toBeTruthy();
    expect(screen.getByRole('tab', { name: zh.operate.tabs.queue })).toBeTruthy();
  });

  it('lists each essay with its learner, title, both judges’ scores and 需复核; 只看需复核 narrows it', async () => {
    const { queues, user } = serve();
    renderApp('/operate?tab=essays');
    const flagged = await line('技术让人更孤独');
    expect(within(flagged).getByText(q.learner('小李', 9))).toBeTruthy();
    expect(within(flagged).getByText(c.needsTeacher)).toBeTruthy();
    expect(within(flagged).getByText(q.machineScore('4.0'))).toBeTruthy();
    expect(within(flagged).getByText(q.modelScore('2.0'))).toBeTruthy();
    const plain = await line('大学应当要求所有学生学习科学');
    expect(within(plain).queryByText(c.needsTeacher)).toBeNull();
    expect(within(plain).getByText(q.modelScore(q.none))).toBeTruthy();
    expect(screen.getByText(q.total(2))).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: q.flaggedOnly }));
    expect(await screen.findByText(q.total(1))).toBeTruthy();
    expect(screen.queryByText('大学应当要求所有学生学习科学')).toBeNull();
    expect(queues.map((b) => b.flagged_only)).toEqual([false, true]);
  });

  it('grades an essay read with the machine’s comments and marks: the score and comment go, the line leaves', async () => {
    const { grades, user } = serve();
    const { router } = renderApp('/operate?tab=essays');
    await user.click(within(await line('技术让人更孤独')).getByRole('button', { name: new RegExp(q.open) }));
    expect(router.state.location.search).toBe('?tab=essays&essay=41');
    const text = await screen.findByText((_, el) => el?.classList.contains('ges-text') ?? false);
    expect(text.textContent).toBe(ESSAY_TEXT);
    expect(text.querySelector('script')).toBeNull();
    expect(text.querySelectorAll('mark')).toHaveLength(2);
    expect(screen.getByRole('region', { name: c.dimensions.position })).toBeTruthy();
    // No learner's 申请批改 here.
    expect(screen.queryByRole('button', { name: c.judge })).toBeNull();

    await user.click(screen.getByRole('button', { name: f.submit }));
    expect(await screen.findByText(f.scoreRequired)).toBeTruthy();
    expect(screen.getByText(f.commentRequired)).toBeTruthy();
    expect(grades).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: f.score }));
    await user.click(await screen.findByTitle('4.5'));
    await user.type(screen.getByRole('textbox', { name: f.comment }), '  立场清楚，例证需要更具体。  ');
    await user.click(screen.getByRole('button', { name: f.submit }));
    expect(await screen.findByText(f.submitted)).toBeTruthy();
    expect(grades).toEqual([{ id: 41, score: 4.5, comment: '立场清楚，例证需要更具体。' }]);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=essays'));
    expect(await screen.findByText(q.total(1))).toBeTruthy();
    expect(screen.queryByText('技术让人更孤独')).toBeNull();
  });

  it('the comment is held to its limit', async () => {
    const { user } = serve();
    renderApp('/operate?tab=essays&essay=42');
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: f.comment });
    expect(box.maxLength).toBe(2000);
    await user.click(box);
    await user.paste('长'.repeat(2100));
    expect(box.value).toHaveLength(2000);
  });
});
