import { examCalls, userCalls, type ExamView } from '@gre/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '../../api/query-client';
import { zh } from '../../i18n/zh-CN';
import { renderApp } from '../../test-utils';
import { fixtureQuestions, item, makeExam, section } from './test-utils/exam-fixture';
import { examServer } from './test-utils/exam-server';

const t = zh.exam;
const ets = zh.ets;

beforeAll(async () => {
  await import('./exam-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
});

function openExam(exam: ExamView, etsMode: boolean) {
  const server = examServer(exam, { etsMode });
  return { server, user: userEvent.setup(), ...renderApp(`/exam/${exam.id}`) };
}

const barNames = (toolbar: string) =>
  within(screen.getByRole('navigation', { name: toolbar }))
    .getAllByRole('button')
    .map((b) => b.textContent);
const etsButton = (name: string) =>
  within(screen.getByRole('navigation', { name: ets.bar.toolbar })).getByRole('button', { name });

/** A full mock that opens on the Issue essay, then Verbal. */
function withIssue(): ExamView {
  const exam = makeExam();
  const issue = section(0, {
    area: 'issue',
    part: 0,
    name: '分析性写作',
    time_limit_seconds: 30 * 60,
    items: [item(fixtureQuestions.essay())],
  });
  const rest = exam.sections.map((s, i) => ({ ...s, index: i + 1 }));
  return { ...exam, sections: [issue, ...rest] };
}

describe('ETS mode', () => {
  it('a mock with the switch on shows the test’s English labels, section and question numbers', async () => {
    const { user } = openExam(makeExam(), true);
    expect(await screen.findByText(ets.bar.progress(1, 3))).toBeTruthy();
    expect(screen.getByText(ets.sectionOf(1, 2))).toBeTruthy();
    expect(screen.getByText('Verbal Reasoning')).toBeTruthy();
    expect(barNames(ets.bar.toolbar)).toEqual(['Exit Section', 'Review', 'Mark', 'Help', 'Back', 'Next']);
    expect(screen.getByRole('button', { name: 'Hide Time' })).toBeTruthy();
    // Marked is pressed: a filled button, and the flag with a word beside the count.
    await user.click(etsButton('Mark'));
    expect(etsButton('Mark').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(ets.bar.marked)).toBeTruthy();
    await user.click(etsButton('Review'));
    expect(await screen.findByRole('heading', { name: 'Review · Verbal Reasoning' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Question Number' })).toBeTruthy();
    expect(screen.getAllByText('Marked').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Return' }));
    await user.click(etsButton('Exit Section'));
    const dialog = screen.getByRole('dialog', { name: ets.exitDialog.title });
    expect(within(dialog).getByText(ets.exitDialog.unanswered(3))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: ets.exitDialog.cancel }));
  });

  it('Quant has Calculator; the section end is in English too', async () => {
    const exam = makeExam({ status: 'PartCompleted', cursor: { section_index: 1, question_index: 1 } });
    exam.sections[0]!.action.finished = true;
    const { user } = openExam(exam, true);
    expect(await screen.findByText(ets.bar.progress(2, 2))).toBeTruthy();
    expect(screen.getByText(ets.sectionOf(2, 2))).toBeTruthy();
    expect(barNames(ets.bar.toolbar)[0]).toBe('Calculator');
    await user.click(etsButton('Calculator'));
    expect(screen.getByRole('button', { name: 'Transfer Display' })).toBeTruthy();
    await user.click(etsButton('Next'));
    expect(await screen.findByRole('heading', { name: ets.end.title })).toBeTruthy();
    expect(screen.getByText(ets.end.reachedEnd)).toBeTruthy();
  });

  it('Help describes the buttons and the clock in English; the keys wait while it is open; Esc closes it', async () => {
    const { user } = openExam(makeExam(), true);
    await screen.findByText(ets.bar.progress(1, 3));
    await user.click(etsButton('Help'));
    const help = screen.getByRole('dialog', { name: ets.helpScreen.title });
    expect(help.getAttribute('lang')).toBe('en');
    expect(within(help).getByText(ets.helpScreen.tools.mark)).toBeTruthy();
    expect(within(help).getByText(ets.helpScreen.timer[1]!)).toBeTruthy();
    // Verbal: no calculator to describe.
    expect(within(help).queryByText(ets.helpScreen.tools.calculator)).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText(ets.bar.progress(1, 3))).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(etsButton('Help'));
    await user.click(screen.getByRole('button', { name: ets.helpScreen.close }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the writing section has no Mark or Review; the essay has Cut, Paste, Undo and Redo', async () => {
    const { server, user } = openExam(withIssue(), true);
    expect(await screen.findByText(ets.bar.progress(1, 1))).toBeTruthy();
    expect(screen.getByText('Analytical Writing')).toBeTruthy();
    expect(barNames(ets.bar.toolbar)).toEqual(['Exit Section', 'Help', 'Back', 'Next']);
    await user.keyboard('{Alt>}m{/Alt}');
    expect(server.calls(examCalls.flag.path)).toHaveLength(0);
    const tools = screen.getByRole('group', { name: ets.essay.tools });
    expect(
      within(tools)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cut', 'Paste', 'Undo', 'Redo']);
    // Topic and response side by side is the ETS stylesheet's (exam-ets.css), keyed on this root.
    expect(document.querySelector('.ge-root.is-ets .gq-root[data-kind="Essay"] .gq-essay.is-test')).not.toBeNull();
    await user.click(etsButton('Help'));
    const help = screen.getByRole('dialog', { name: ets.helpScreen.title });
    expect(within(help).queryByText(ets.helpScreen.tools.mark)).toBeNull();
    expect(within(help).getByText(ets.helpScreen.writing)).toBeTruthy();
  });

  it('with the switch off a mock is in Chinese, with Mark and Review in the writing section', async () => {
    openExam(withIssue(), false);
    expect(await screen.findByText(t.bar.progress(1, 1))).toBeTruthy();
    expect(barNames(t.bar.toolbar)).toEqual([t.bar.exit, t.bar.review, t.bar.mark, t.bar.back, t.bar.next]);
    expect(screen.queryByText('Help')).toBeNull();
    expect(screen.getByRole('textbox', { name: zh.questions.essayLabel })).toBeTruthy();
    expect(screen.queryByRole('group', { name: ets.essay.tools })).toBeNull();
  });

  it('practice (a book, a filter, the personal pages) stays Chinese even with the switch on', async () => {
    const exam = makeExam({ kind: 'book', source: 'Exercise' });
    exam.create_option = { ...exam.create_option, kind: 'book', select_kind: null };
    openExam(exam, true);
    expect(await screen.findByText(t.bar.progress(1, 3))).toBeTruthy();
    expect(barNames(t.bar.toolbar)).toEqual([t.bar.exit, t.bar.review, t.bar.mark, t.bar.back, t.bar.next]);
    expect(screen.queryByText(ets.sectionOf(1, 2))).toBeNull();
  });
});

describe('the ETS switch on a mock’s start screen', () => {
  it('is on by default; switching it off is saved and the mock then opens in Chinese', async () => {
    const { server, user } = openExam(makeExam({ status: 'NotStart' }), true);
    const toggle = await screen.findByRole('switch', { name: t.intro.etsSwitch });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(new RegExp(t.intro.etsOn.slice(0, 12)))).toBeTruthy();
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(server.calls(userCalls.updateExamEtsMode.path)).toEqual([{ ets_mode: false }]);
    expect(server.user().data.exam_ets_mode).toBe(false);
    await user.click(screen.getByRole('button', { name: t.intro.start }));
    expect(await screen.findByText(t.bar.progress(1, 3))).toBeTruthy();
    expect(barNames(t.bar.toolbar)).toEqual([t.bar.exit, t.bar.review, t.bar.mark, t.bar.back, t.bar.next]);
  });

  it('switching it back on gives the English screen', async () => {
    const { server, user } = openExam(makeExam({ status: 'NotStart' }), false);
    const toggle = await screen.findByRole('switch', { name: t.intro.etsSwitch });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    await waitFor(() => expect(server.user().data.exam_ets_mode).toBe(true));
    await user.click(screen.getByRole('button', { name: t.intro.start }));
    expect(await screen.findByText(ets.bar.progress(1, 3))).toBeTruthy();
  });

  it('practice has no switch', async () => {
    const exam = makeExam({ status: 'NotStart', kind: 'filter', source: 'Exercise' });
    openExam(exam, true);
    await screen.findByRole('button', { name: t.intro.start });
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
