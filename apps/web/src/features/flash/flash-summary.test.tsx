import {
  CARD_STAGES,
  flashCalls,
  stageBuckets,
  userCalls,
  type CallRequest,
  type CallResponse,
  type CardStage,
} from '@gre/contracts';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { AntdLayer } from '../../components/antd-layer';
import { AppProviders } from '../../components/app-providers';
import { zh } from '../../i18n/zh-CN';
import { closeDialog } from '../../state/ui';
import { fake, fakeServer, makeUser } from '../../test-utils';
import { finishPayload, moveCounts, resumeIndex } from './flash-session';
import { FlashReviewCard } from './review-card';
import { summaryOption } from './summary-chart';
import { FlashWorld } from './test-utils/flash-world';

const f = zh.flash;

afterEach(() => {
  act(() => closeDialog());
  cleanup();
  queryClient.clear();
});

const stageArb = fc.constantFrom<CardStage>(...CARD_STAGES);

describe('round summary figures', () => {
  it('the chart has one bar per stage, in stage order, each the bucket count', () => {
    fc.assert(
      fc.property(fc.array(stageArb, { maxLength: 60 }), (stages) => {
        const buckets = stageBuckets(stages);
        const option = summaryOption(buckets);
        const axis = option.xAxis as { data: string[] };
        const series = (option.series as { data: { value: number }[] }[])[0]!;
        expect(axis.data).toEqual(CARD_STAGES.map((s) => f.stages[s]));
        const counts = series.data.map((d) => d.value);
        expect(counts).toEqual(CARD_STAGES.map((s) => stages.filter((x) => x === s).length));
        expect(counts.reduce((a, b) => a + b, 0)).toBe(stages.length);
      }),
    );
  });

  it('X 张升级，Y 张退回学习: a climb counts up, a card sent to Learn counts back', () => {
    expect(
      moveCounts([
        { word: 'a', from: 'NotSeen', to: 'Quiz' },
        { word: 'b', from: 'Quiz', to: 'Exam' },
        { word: 'c', from: 'Exam', to: 'Master' },
        { word: 'd', from: 'Exam', to: 'Learn' },
        { word: 'e', from: 'Learn', to: 'Learn' },
        { word: 'f', from: 'NotSeen', to: 'Learn' },
      ]),
    ).toEqual({ up: 3, back: 3 });
  });

  it('finish_round carries word, stage and choice per card, never outcomes or card data', () => {
    const payload = finishPayload(31, {
      index: 2,
      cursor_index: 2,
      runtimes: [
        { word: 'a', stage: 'Quiz', choice: { step: 'quiz', option: 1 }, outcome: 'miss' },
        { word: 'b', stage: 'Learn', choice: { step: 'flip', know: true }, outcome: 'pass' },
      ],
    });
    expect(payload).toEqual({
      flash_id: 31,
      round: {
        index: 2,
        cursor_index: 2,
        runtimes: [
          { word: 'a', stage: 'Quiz', choice: { step: 'quiz', option: 1 } },
          { word: 'b', stage: 'Learn', choice: { step: 'flip', know: true } },
        ],
      },
    });
    expect(flashCalls.finishRound.request.safeParse(payload).success).toBe(true);
  });

  it('resumes at the first card without a choice from the cursor on', () => {
    const rt = (chosen: boolean) => ({
      word: 'w',
      stage: 'Learn' as const,
      choice: chosen ? { step: 'flip' as const, know: true } : null,
      outcome: null,
    });
    expect(resumeIndex({ index: 1, cursor_index: 0, runtimes: [rt(false), rt(false)] })).toBe(0);
    expect(resumeIndex({ index: 1, cursor_index: 1, runtimes: [rt(true), rt(true), rt(false)] })).toBe(2);
    expect(resumeIndex({ index: 1, cursor_index: 2, runtimes: [rt(true), rt(true)] })).toBe(2);
  });
});

type ReviewDue = CallResponse<typeof flashCalls.reviewDue>;

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderCard(due: ReviewDue) {
  setToken('t'.repeat(43));
  const world = new FlashWorld([{ word: 'laconic', stage: 'Master' }]);
  const creates: CallRequest<typeof flashCalls.createFlash>[] = [];
  fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(flashCalls.reviewDue, () => ({ data: due })),
    fake(flashCalls.createFlash, (req) => {
      creates.push(req);
      return { data: { flash: { ...world.brief(), id: 52, range_kind: 10 }, user: makeUser() } };
    }),
  );
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AntdLayer>
            <FlashReviewCard />
            <Where />
          </AntdLayer>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { creates };
}

const due = (over: Partial<ReviewDue> = {}): ReviewDue => ({
  due_today: 12,
  due_total: 12,
  reviewed_today: 3,
  cap: 50,
  in_review: 140,
  next_due_stamp: null,
  ...over,
});

describe('home: 今日待复习单词', { timeout: 30_000 }, () => {
  it('shows the words due of the cap; 开始复习 makes a review deck of them and opens it', async () => {
    const { creates } = renderCard(due());
    expect(await screen.findByLabelText(f.review.count(12))).toBeTruthy();
    expect(screen.getByText(f.review.progress(3, 50))).toBeTruthy();
    expect(screen.getByText(f.review.inReview(140))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: f.review.start }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/flash/52'));
    expect(creates).toEqual([
      { range_kind: 10, scope: '', limit: 12, exclude_used: false, exclude_correct: false, exclude_flashed: false },
    ]);
  });

  it('nothing due: the button is off and the card says why (cap reached, none due, nothing in review yet)', async () => {
    renderCard(due({ due_today: 0, due_total: 8, reviewed_today: 50 }));
    expect(await screen.findByText(f.review.capReached)).toBeTruthy();
    expect(screen.getByRole('button', { name: f.review.start })).toHaveProperty('disabled', true);
    cleanup();
    queryClient.clear();
    renderCard(due({ due_today: 0, due_total: 0 }));
    expect(await screen.findByText(f.review.none)).toBeTruthy();
    cleanup();
    queryClient.clear();
    renderCard(due({ due_today: 0, due_total: 0, in_review: 0 }));
    expect(await screen.findByText(f.review.empty)).toBeTruthy();
  });

  it('more due than today leaves room for: says how many wait for tomorrow', async () => {
    renderCard(due({ due_today: 20, due_total: 35 }));
    expect(await screen.findByText(f.review.more(15))).toBeTruthy();
  });
});
