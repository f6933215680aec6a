import { examCalls } from '@gre/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { zh } from '../../i18n/zh-CN';
import { renderApp } from '../../test-utils';
import { makeExam } from './test-utils/exam-fixture';
import { examServer } from './test-utils/exam-server';

const t = zh.exam;

beforeAll(async () => {
  await import('./exam-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const bar = () => screen.getByRole('navigation', { name: t.bar.toolbar });
const barButton = (name: string) => within(bar()).getByRole('button', { name });

async function openExam(exam = makeExam(), opts: Parameters<typeof examServer>[1] = {}) {
  const server = examServer(exam, opts);
  const user = userEvent.setup();
  const utils = renderApp(`/exam/${exam.id}`);
  return { server, user, ...utils };
}

describe('exam screen: start and answering', () => {
  it('start intro lists the sections with counts and minutes, then 开始考试 starts the first section', async () => {
    const { server, user } = await openExam(makeExam({ status: 'NotStart' }));
    expect(await screen.findByRole('heading', { name: '全真模考 1 · 完整模考' })).toBeTruthy();
    const rows = screen.getAllByRole('row').map((r) => r.textContent);
    expect(rows).toContain('Verbal 第 1 部分3 题18 分钟');
    expect(rows).toContain('Quant 第 1 部分2 题21 分钟');
    expect(screen.getByText(t.intro.rules[0]!)).toBeTruthy();
    // Timed sections keep running out of sight (decision 015); only count-up practice pauses.
    expect(screen.getByText(t.intro.clockTimed)).toBeTruthy();
    expect(screen.queryByText(t.intro.clockCountUp)).toBeNull();
    await user.click(screen.getByRole('button', { name: t.intro.start }));
    expect(await screen.findByText(t.bar.progress(1, 3))).toBeTruthy();
    expect(screen.getByText('Verbal 第 1 部分')).toBeTruthy();
    await waitFor(() => expect(server.calls(examCalls.move.path)).toHaveLength(1));
    expect(server.calls(examCalls.start.path)[0]).toEqual({ id: 41, revision: 5 });
    expect(server.calls(examCalls.move.path)[0]).toEqual({ id: 41, revision: 6, section_index: 0, question_index: 0 });
  });

  it('count-up practice says its clock pauses out of sight', async () => {
    const exam = makeExam({ status: 'NotStart' });
    await openExam({ ...exam, sections: exam.sections.map((s) => ({ ...s, time_limit_seconds: 0 })) });
    expect(await screen.findByText(t.intro.clockCountUp)).toBeTruthy();
    expect(screen.getByText(t.intro.countUp)).toBeTruthy();
    expect(screen.queryByText(t.intro.clockTimed)).toBeNull();
  });

  it('shows only the official buttons; no calculator in Verbal', async () => {
    await openExam();
    await screen.findByText(t.bar.progress(1, 3));
    const names = within(bar())
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual([t.bar.exit, t.bar.review, t.bar.mark, t.bar.back, t.bar.next]);
  });

  it('saves each choice at once with the revision, and says 已保存', async () => {
    const { server, user } = await openExam();
    await screen.findByText(t.bar.progress(1, 3));
    await user.click(screen.getAllByRole('radio')[1]!);
    await waitFor(() => expect(screen.getByRole('status', { name: '' }).textContent).toBe(t.save.saved));
    const [sent] = server.calls(examCalls.answer.path);
    expect(sent).toMatchObject({ id: 41, revision: 5, section_index: 0, question_index: 0 });
    expect(server.exam.sections[0]!.items[0]!.action.state).toBe('Answered');
  });

  it('Next and Back move through the section and save the cursor', async () => {
    const { server, user } = await openExam();
    await screen.findByText(t.bar.progress(1, 3));
    await user.click(barButton(t.bar.next));
    expect(screen.getByText(t.bar.progress(2, 3))).toBeTruthy();
    await user.click(barButton(t.bar.back));
    expect(screen.getByText(t.bar.progress(1, 3))).toBeTruthy();
    await waitFor(() => expect(server.exam.cursor).toEqual({ section_index: 0, question_index: 0 }));
    expect(server.calls(examCalls.move.path).map((b) => b.revision)).toEqual([5, 6]);
  });

  it('a stale revision reloads the exam and the answer is saved on top of it', async () => {
    const { server, user } = await openExam();
    await screen.findByText(t.bar.progress(1, 3));
    server.staleOnce(examCalls.answer.path);
    await user.click(screen.getAllByRole('radio')[0]!);
    await waitFor(() => expect(server.calls(examCalls.answer.path)).toHaveLength(2));
    expect(server.calls(examCalls.answer.path).map((b) => b.revision)).toEqual([5, 6]);
    expect(server.exam.sections[0]!.items[0]!.action.state).toBe('Answered');
    expect(await screen.findByText(zh.errors.kinds.stale_revision!)).toBeTruthy();
  });
});

describe('exam screen: mark and review', () => {
  it('Mark toggles the flag, shown as an icon and 已标记', async () => {
    const { server, user } = await openExam();
    await screen.findByText(t.bar.progress(1, 3));
    await user.click(barButton(t.bar.mark));
    expect(barButton(t.bar.mark).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(t.bar.marked)).toBeTruthy();
    await waitFor(() => expect(server.exam.sections[0]!.items[0]!.action.flagged).toBe(true));
    await user.click(barButton(t.bar.mark));
    await waitFor(() => expect(server.exam.sections[0]!.items[0]!.action.flagged).toBe(false));
  });

  it('the review screen lists every question with its status and mark; a row jumps there', async () => {
    const { server, user } = await openExam();
    await screen.findByText(t.bar.progress(1, 3));
    await user.click(screen.getAllByRole('radio')[0]!);
    await user.click(barButton(t.bar.mark));
    await user.click(barButton(t.bar.review));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1已作答已标记', '2未浏览', '3未浏览']);
    await user.click(within(rows[2]!).getByRole('button', { name: t.review.goTo(3) }));
    expect(await screen.findByText(t.bar.progress(3, 3))).toBeTruthy();
    await waitFor(() => expect(server.exam.cursor.question_index).toBe(2));
    await user.click(barButton(t.bar.review));
    await user.click(screen.getByRole('button', { name: t.review.back }));
    expect(screen.getByText(t.bar.progress(3, 3))).toBeTruthy();
  });
});

describe('exam screen: keyboard', () => {
  it('→ / Alt+N next, ← / Alt+B back, Alt+M mark, Alt+R review, Esc back, numbers pick options', async () => {
    const { server, user } = await openExam();
    await screen.findByText(t.bar.progress(1, 3));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText(t.bar.progress(2, 3))).toBeTruthy();
    await user.keyboard('{Alt>}n{/Alt}');
    expect(screen.getByText(t.bar.progress(3, 3))).toBeTruthy();
    await user.keyboard('{Alt>}b{/Alt}');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText(t.bar.progress(1, 3))).toBeTruthy();
    await user.keyboard('{Alt>}m{/Alt}');
    expect(barButton(t.bar.mark).getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('1');
    await waitFor(() => expect(server.exam.sections[0]!.items[0]!.action.answer?.selects[0]).toBeTruthy());
    await user.keyboard('{Alt>}r{/Alt}');
    expect(await screen.findByRole('heading', { name: /复查/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByText(t.bar.progress(1, 3))).toBeTruthy();
  });

  it('keys typed into a text box are not shortcuts', async () => {
    const exam = makeExam({ cursor: { section_index: 1, question_index: 1 } });
    exam.sections[0]!.action.finished = true;
    exam.status = 'PartCompleted';
    const { user } = await openExam(exam);
    await screen.findByText(t.bar.progress(2, 2));
    await user.click(screen.getByRole('textbox'));
    await user.keyboard('{ArrowLeft}12');
    expect(screen.getByText(t.bar.progress(2, 2))).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox').value).toBe('12');
  });
});
