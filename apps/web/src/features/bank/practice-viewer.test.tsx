import { examCalls, postCalls, type ExamView } from '@gre/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { AntdLayer } from '../../components/antd-layer';
import { AppProviders } from '../../components/app-providers';
import { zh } from '../../i18n/zh-CN';
import { item } from '../exam/test-utils/exam-fixture';
import type { BankNames } from '../questions';
import { answerWith, bankQuestion, withheld } from '../questions/test-utils/content-bank';
import { WordLookupProvider } from '../words';
import { PracticeViewer, type PracticeList } from './practice-viewer';
import { briefOf, checkedItem, makePractice, practiceServer } from './test-utils/practice-server';

const v = zh.bank.viewer;

const names: BankNames = {
  config: undefined,
  kind: (k) => k,
  category: () => '',
  group: (g) => g,
  difficulty: (d) => d,
};

/** Quantitative comparison in a triangle, answer C; the stem's words can be looked up. */
const qc = bankQuestion('q-qc-022');
/** One-blank text completion, answer C. */
const tc = bankQuestion('q-tc1-001');
const locked = briefOf(bankQuestion('q-tc1-002'), { accessable: false, preview: '' });

const bookList: PracticeList = { items: [briefOf(qc), briefOf(tc)], bookId: 'b-1', title: '语文诊断测试' };
const freshPractice = () => makePractice([item(withheld(qc)), item(withheld(tc))]);

afterEach(async () => {
  // Modal.confirm renders in roots of its own, which the testing library does not unmount: close them and let their
  // closing motion finish while the document still exists, or it runs after the environment is gone.
  Modal.destroyAll();
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 300));
  queryClient.clear();
  vi.unstubAllGlobals();
});

interface Opts {
  list: PracticeList;
  start: number;
  /** Question indexes the server refuses to open. */
  refuse: number[];
}

/** The viewer as a shelf opens it, inside the antd layer and click-a-word, on a router that also has the exam page. */
function openViewer(practice: ExamView, { list = bookList, start = 0, refuse }: Partial<Opts> = {}) {
  const server = practiceServer(practice, { refuse });
  const onClose = vi.fn();
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <AntdLayer>
          <WordLookupProvider>
            <PracticeViewer list={list} start={start} names={names} onClose={onClose} />
          </WordLookupProvider>
        </AntdLayer>
      ),
    },
    { path: '/exam/:id', element: <p>exam page</p> },
  ]);
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { server, onClose, router, user: userEvent.setup() };
}

/** A confirmation dialog (Modal.confirm) found by its text. */
const confirmWith = async (text: string) => (await screen.findAllByText(text))[0]!.closest<HTMLElement>('.ant-modal')!;
/** Confirmations still open: happy-dom runs no transitions, so a closed one stays in the page in its leave motion. */
const openConfirms = () =>
  [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].filter((el) => !el.className.includes('-leave'));
const closeButton = () => document.querySelector<HTMLElement>('.gb-viewer .ant-modal-close')!;
const option = (name: RegExp) => screen.getByRole('radio', { name });
const equal = /The two quantities are equal/;
const aGreater = /Quantity A is greater/;
const checkButton = () => screen.getByRole('button', { name: v.check });

describe('PracticeViewer', () => {
  it('opens the practice of the book and moves to the clicked question', async () => {
    const { server } = openViewer(freshPractice(), { start: 1 });
    expect(await screen.findByText(v.progress(2, 2))).toBeTruthy();
    await waitFor(() =>
      expect(server.calls(examCalls.move.path)).toEqual([{ id: 77, revision: 3, section_index: 0, question_index: 1 }]),
    );
    expect(server.calls(examCalls.practice.path)).toEqual([{ source: 'book', book_id: 'b-1' }]);
    expect(await screen.findByText(/expected to be lengthy and detailed/)).toBeTruthy();
  });

  it('opens a big-bank list with the ids it may practise; a question the practice does not hold shows the lock', async () => {
    const list: PracticeList = { items: [briefOf(qc), locked, briefOf(tc)], bookId: null, title: '数学 · 比较' };
    const { server, user } = openViewer(freshPractice(), { list, start: 2 });
    await waitFor(() =>
      expect(server.calls(examCalls.move.path)).toEqual([{ id: 77, revision: 3, section_index: 0, question_index: 1 }]),
    );
    expect(server.calls(examCalls.practice.path)).toEqual([
      { source: 'list', question_ids: [qc.id, tc.id], title: '数学 · 比较' },
    ]);
    await user.click(screen.getByRole('button', { name: v.prev }));
    expect(await screen.findByText(zh.bank.book.lockedPreview)).toBeTruthy();
    expect(screen.queryByRole('button', { name: v.check })).toBeNull();
    expect(server.calls(examCalls.move.path)).toHaveLength(1);
  });

  it('saves each answer as given, then checks it: a wrong one shows the explanation and goes to the wrong-answer book', async () => {
    const { server, user } = openViewer(freshPractice());
    await screen.findByText('triangle');
    await waitFor(() => expect(server.calls(examCalls.move.path)).toHaveLength(1));
    expect(checkButton().hasAttribute('disabled')).toBe(true);
    await user.click(option(aGreater));
    await waitFor(() =>
      expect(server.calls(examCalls.answer.path)).toEqual([
        { id: 77, revision: 4, section_index: 0, question_index: 0, answer: answerWith({ selects: ['A'] }) },
      ]),
    );
    await waitFor(() => expect(checkButton().hasAttribute('disabled')).toBe(false));
    await user.click(checkButton());
    expect(await screen.findByText(v.wrong)).toBeTruthy();
    expect(server.calls(examCalls.check.path)).toEqual([
      { id: 77, revision: 5, section_index: 0, question_index: 0, answer: answerWith({ selects: ['A'] }) },
    ]);
    expect(screen.getByText(/三角形三个内角之和恒为/)).toBeTruthy();
    expect(screen.queryByText(v.right)).toBeNull();
    expect(screen.queryByRole('button', { name: v.check })).toBeNull();
    // Checked is final: the options no longer answer.
    expect(option(equal).getAttribute('aria-disabled')).toBe('true');
    await user.click(option(equal));
    expect(option(equal).getAttribute('aria-checked')).toBe('false');
    expect(option(aGreater).getAttribute('aria-checked')).toBe('true');
    expect(server.calls(examCalls.answer.path)).toHaveLength(1);
  });

  it('a right answer is checked as right', async () => {
    const { server, user } = openViewer(freshPractice());
    await user.click(await screen.findByRole('radio', { name: equal }));
    await waitFor(() => expect(checkButton().hasAttribute('disabled')).toBe(false));
    await user.click(checkButton());
    expect(await screen.findByText(v.right)).toBeTruthy();
    expect(screen.queryByText(v.wrong)).toBeNull();
    expect(server.calls(examCalls.check.path)).toHaveLength(1);
  });

  it('a question the server refuses to open (day_overflow) stays closed with the notice', async () => {
    const { server, user } = openViewer(freshPractice(), { start: 1, refuse: [1] });
    expect(await screen.findByText(v.refused)).toBeTruthy();
    expect(screen.queryByText(/expected to be lengthy and detailed/)).toBeNull();
    expect(screen.queryByRole('button', { name: v.check })).toBeNull();
    await user.click(screen.getByRole('button', { name: v.prev }));
    expect(await screen.findByText('triangle')).toBeTruthy();
    expect(screen.queryByText(v.refused)).toBeNull();
    await waitFor(() => expect(server.calls(examCalls.move.path)).toHaveLength(2));
    // Shown again once the quota has room: opened.
    server.refused.clear();
    await user.click(screen.getByRole('button', { name: v.next }));
    expect(await screen.findByText(/expected to be lengthy and detailed/)).toBeTruthy();
    expect(screen.queryByText(v.refused)).toBeNull();
  });

  it('Esc closes the word pop-up first and only then the viewer; a click on the mask closes nothing', async () => {
    const { onClose, user } = openViewer(freshPractice());
    await user.click(await screen.findByText('triangle'));
    expect(await screen.findByRole('dialog', { name: zh.words.popoverLabel('triangle') })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: zh.words.popoverLabel('triangle') })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText(v.progress(1, 2))).toBeTruthy();

    await user.click(document.querySelector<HTMLElement>('.gb-viewer')!.closest('.ant-modal-wrap')!);
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closing while an answer is still being saved asks first', async () => {
    const { server, onClose, user } = openViewer(freshPractice());
    await user.click(await screen.findByRole('radio', { name: equal }));
    await waitFor(() => expect(server.calls(examCalls.move.path)).toHaveLength(1));
    const release = server.holdAnswers();
    await user.click(option(aGreater));
    expect(await screen.findByText(v.saving)).toBeTruthy();
    await user.click(closeButton());
    const confirm = await confirmWith(v.confirmCloseTitle);
    expect(openConfirms()).toEqual([confirm]);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: v.keepPractising }));
    await waitFor(() => expect(openConfirms()).toHaveLength(0));
    expect(onClose).not.toHaveBeenCalled();

    release();
    await waitFor(() => expect(screen.queryByText(v.saving)).toBeNull());
    expect(server.exam.sections[0]!.items[0]!.action.answer?.selects).toEqual(['A']);
    await user.click(closeButton());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(openConfirms()).toHaveLength(0);
  });

  it('reopening resumes: a checked question shows its answer checked, with the explanation', async () => {
    const done = checkedItem(item(withheld(qc)), answerWith({ selects: ['B'] }));
    openViewer(makePractice([done, item(withheld(tc))], { revision: 9 }));
    expect(await screen.findByText(v.wrong)).toBeTruthy();
    expect(screen.getByText(/三角形三个内角之和恒为/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Quantity B is greater/ }).getAttribute('aria-checked')).toBe('true');
    expect(option(equal).getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('button', { name: v.check })).toBeNull();
  });

  it('a checked question offers its discussion with the count; one not yet checked does not', async () => {
    const done = checkedItem(item(withheld(qc)), answerWith({ selects: ['B'] }));
    const threaded = { ...done, question: { ...done.question, topic_id: 42 } };
    const open = item(withheld(tc));
    const { server, user } = openViewer(
      makePractice([threaded, { ...open, question: { ...open.question, topic_id: 43 } }], { revision: 9 }),
    );
    expect(await screen.findByRole('button', { name: /讨论 \(2\)/ })).toBeTruthy();
    expect(server.calls(postCalls.get.path)).toEqual([expect.objectContaining({ topic_id: 42 })]);
    await user.click(screen.getByRole('button', { name: v.next }));
    await screen.findByText(/proved surprisingly/);
    expect(screen.queryByRole('button', { name: /讨论/ })).toBeNull();
  });

  it('结束练习 asks, submits the practice and opens its record; Esc in the confirmation leaves the viewer open', async () => {
    const { server, onClose, router, user } = openViewer(freshPractice());
    await waitFor(() => expect(server.calls(examCalls.move.path)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: v.finish }));
    const confirm = await confirmWith(v.finishConfirm(2));
    // The key is the confirmation's (antd's own Esc handling is left out here: its test build gives every dialog the
    // same id, so only the first one opened gets Esc).
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText(v.progress(1, 2))).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: v.finish }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/77'));
    expect(server.calls(examCalls.finishSection.path)).toEqual([{ id: 77, revision: 4, section_index: 0 }]);
    // The result page takes over: the viewer leaves with the page, not back to it.
    expect(onClose).not.toHaveBeenCalled();
  });
});
