import { flashCalls } from '@gre/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { fakeServer, renderApp } from '../../test-utils';
import { FlashWorld } from './test-utils/flash-world';

const f = zh.flash;

beforeAll(async () => {
  await Promise.all([import('./flash-page'), import('./summary-chart')]);
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** A deck of four: one new card, one at the quiz, one at recall and one mastered; the round takes the first three. */
function mixedDeck() {
  return new FlashWorld([
    { word: 'laconic', stage: 'NotSeen' },
    { word: 'prodigal', stage: 'Quiz' },
    { word: 'venerate', stage: 'Exam' },
    { word: 'assuage', stage: 'Master' },
  ]);
}

function open(world: FlashWorld, path = `/flash/${world.flash.id}`) {
  setToken('t'.repeat(43));
  const fetch = fakeServer(...world.routes());
  const user = userEvent.setup();
  return { fetch, user, ...renderApp(path) };
}

const button = (name: string) => screen.getByRole('button', { name });
const buckets = () =>
  within(screen.getByRole('list', { name: f.intro.buckets }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('/flash/:flashID stages', { timeout: 30_000 }, () => {
  it('StartIntro shows the deck, its source, its cards and the five buckets; 开始 opens the first card', async () => {
    const world = mixedDeck();
    const { user } = open(world);
    expect(await screen.findByRole('heading', { name: world.flash.name })).toBeTruthy();
    expect(screen.getByText(f.create.sources.six_two)).toBeTruthy();
    expect(screen.getByText(f.intro.cardCount(4))).toBeTruthy();
    expect(buckets()).toEqual(['新卡25%1 张', '学习中0%0 张', '选择释义25%1 张', '回忆拼写25%1 张', '已掌握25%1 张']);
    expect(screen.queryByRole('button', { name: f.intro.resume })).toBeNull();
    await user.click(button(f.intro.start));
    expect(await screen.findByText(f.card.progress(1, 3))).toBeTruthy();
  });

  it('plays a round of every step kind, sends each choice at once and finishes without card data', async () => {
    const world = mixedDeck();
    const { user } = open(world);
    await user.click(await screen.findByRole('button', { name: f.intro.start }));

    // Recall (the furthest along goes first): the sentence and the hint, never the word itself.
    expect(await screen.findByText(/The speaker was so ____/)).toBeTruthy();
    expect(screen.getByText(f.card.hint('v_______'))).toBeTruthy();
    expect(screen.queryByText('venerate')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: f.card.answerLabel }), 'Venerate{Enter}');
    expect(await screen.findByText(f.card.right)).toBeTruthy();
    expect(world.choices.at(-1)).toEqual({
      flash_id: 31,
      round_index: 1,
      item_index: 0,
      choice: { step: 'exam', text: 'Venerate' },
    });
    await user.click(button(f.card.next));

    // Quiz: a wrong meaning; the right one is marked and named.
    expect(await screen.findByText(f.card.progress(2, 3))).toBeTruthy();
    expect(screen.getByText('prodigal')).toBeTruthy();
    await user.click(button(`${f.card.option(1)}：错误释义甲`));
    expect(await screen.findByText(f.card.wrong)).toBeTruthy();
    expect(screen.getByText(f.card.rightAnswer('prodigal 的中文释义'))).toBeTruthy();
    expect(button(`${f.card.option(3)}：prodigal 的中文释义`).className).toContain('is-right');
    expect(button(`${f.card.option(1)}：错误释义甲`).getAttribute('aria-pressed')).toBe('true');
    await user.click(button(f.card.next));

    // Flip: the front, then the senses, then 认识.
    expect(await screen.findByText(f.card.progress(3, 3))).toBeTruthy();
    expect(screen.getByText('laconic')).toBeTruthy();
    expect(screen.queryByText('laconic 的中文释义')).toBeNull();
    await user.click(button(f.card.flip));
    expect(screen.getByText('laconic 的中文释义')).toBeTruthy();
    expect(screen.getByText('the definition of laconic')).toBeTruthy();
    await user.click(button(f.card.know));
    expect(await screen.findByText(f.card.moveTo(f.stages.Quiz))).toBeTruthy();
    await user.click(button(f.card.finish));

    // RoundSummary: the moves, the chart of the buckets, the buckets as text.
    expect(await screen.findByRole('heading', { name: f.summary.title(1) })).toBeTruthy();
    expect(screen.getByText(f.summary.moves(2, 1))).toBeTruthy();
    expect(
      await screen.findByRole('img', {
        name: f.summary.chartLabel('新卡 0，学习中 1，选择释义 1，回忆拼写 0，已掌握 2'),
      }),
    ).toBeTruthy();
    expect(buckets()).toEqual(['新卡0%0 张', '学习中25%1 张', '选择释义25%1 张', '回忆拼写0%0 张', '已掌握50%2 张']);
    expect(world.finished).toEqual([
      {
        flash_id: 31,
        round: {
          index: 1,
          cursor_index: 3,
          runtimes: [
            { word: 'venerate', stage: 'Exam', choice: { step: 'exam', text: 'Venerate' } },
            { word: 'prodigal', stage: 'Quiz', choice: { step: 'quiz', option: 0 } },
            { word: 'laconic', stage: 'NotSeen', choice: { step: 'flip', know: true } },
          ],
        },
      },
    ]);

    // 下一轮: the server makes round 2 of the cards not yet mastered.
    await user.click(button(f.summary.next));
    expect(await screen.findByText(f.card.round(2))).toBeTruthy();
    expect(screen.getByText(f.card.progress(1, 2))).toBeTruthy();
  });

  it('the last card mastered ends on the Result: rounds taken and the long-term review line', async () => {
    const world = new FlashWorld([{ word: 'venerate', stage: 'Exam' }]);
    world.flash.round_count = 2;
    const { user } = open(world);
    await user.click(await screen.findByRole('button', { name: f.intro.resume }));
    await user.type(await screen.findByRole('textbox', { name: f.card.answerLabel }), 'venerate{Enter}');
    await user.click(await screen.findByRole('button', { name: f.card.finish }));
    expect(await screen.findByText(f.summary.moves(1, 0))).toBeTruthy();
    await user.click(button(f.summary.result));
    expect(await screen.findByText(f.result.doneTitle)).toBeTruthy();
    expect(screen.getByText(f.result.doneBody(1, 3))).toBeTruthy();
    expect(screen.getByText(f.result.reviewLine)).toBeTruthy();
  });

  it('resumes at the cursor with the choices already made (a reload, another device)', async () => {
    const world = mixedDeck();
    world.ensureRound();
    world.flash.status = 'Start';
    world.flash.round!.runtimes[0] = {
      ...world.flash.round!.runtimes[0]!,
      choice: { step: 'exam', text: 'venerate' },
      outcome: 'pass',
    };
    world.flash.round!.cursor_index = 1;
    const { user } = open(world);
    expect(await screen.findByText(f.intro.resumeAt(1, 2))).toBeTruthy();
    await user.click(button(f.intro.resume));
    expect(await screen.findByText(f.card.progress(2, 3))).toBeTruthy();
    await user.click(button(`${f.card.option(3)}：prodigal 的中文释义`));
    await user.click(await screen.findByRole('button', { name: f.card.next }));
    await user.click(await screen.findByRole('button', { name: f.card.flip }));
    await user.click(button(f.card.dontKnow));
    expect(await screen.findByText(f.card.stays)).toBeTruthy();
    await user.click(button(f.card.finish));
    expect(await screen.findByText(f.summary.moves(2, 1))).toBeTruthy();
    // The choice made before the reload went with the round, and was not sent again.
    expect(world.choices.map((c) => c.item_index)).toEqual([1, 2]);
    expect(world.finished[0]!.round.runtimes[0]!.choice).toEqual({ step: 'exam', text: 'venerate' });
  });

  it('a card answered meanwhile on another device: the server says so and the page takes its copy of the round', async () => {
    const world = mixedDeck();
    const { user } = open(world);
    await user.click(await screen.findByRole('button', { name: f.intro.start }));
    const input = await screen.findByRole('textbox', { name: f.card.answerLabel });
    const round = world.flash.round!;
    round.runtimes[0] = { ...round.runtimes[0]!, choice: { step: 'exam', text: 'venerate' }, outcome: 'pass' };
    round.cursor_index = 1;
    await user.type(input, 'venal{Enter}');
    expect(await screen.findByText('这张卡已经作答过了')).toBeTruthy();
    expect(await screen.findByText(f.intro.resumeAt(1, 2))).toBeTruthy();
    await user.click(button(f.intro.resume));
    expect(await screen.findByText(f.card.progress(2, 3))).toBeTruthy();
  });

  it('放弃 asks first, then gives the deck up and shows the Result', async () => {
    const world = mixedDeck();
    const { user } = open(world);
    await user.click(await screen.findByRole('button', { name: f.intro.giveUp }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(f.intro.giveUpBody)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: f.intro.giveUpOk }));
    expect(await screen.findByText(f.result.gaveUpTitle)).toBeTruthy();
    expect(screen.getByText(f.result.gaveUpBody(1, 4))).toBeTruthy();
    expect(world.gaveUp).toBe(true);
  });

  it('a finished deck opens on its Result', async () => {
    const world = new FlashWorld([{ word: 'assuage', stage: 'Master' }]);
    world.flash = { ...world.flash, status: 'Finish', round_count: 4 };
    open(world);
    expect(await screen.findByText(f.result.doneTitle)).toBeTruthy();
    expect(screen.getByText(f.result.doneBody(1, 4))).toBeTruthy();
  });

  it('an unknown or malformed deck id is the route error page', async () => {
    const world = mixedDeck();
    const { fetch } = open(world, '/flash/999');
    expect(await screen.findByText(zh.routeError.line)).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url === flashCalls.openFlash.path)).toBe(true);
    cleanup();
    open(world, '/flash/abc');
    expect(await screen.findByText(zh.routeError.line)).toBeTruthy();
  });

  it('a failed load offers a retry that loads the deck again', async () => {
    const world = mixedDeck();
    setToken('t'.repeat(43));
    let fail = true;
    const routes = world
      .routes()
      .map((r) =>
        r.call === flashCalls.openFlash
          ? { ...r, reply: (body: unknown) => (fail ? { kind: 'internal' as const } : r.reply(body)) }
          : r,
      );
    fakeServer(...routes);
    renderApp('/flash/31');
    expect(await screen.findByText(f.page.failedTitle)).toBeTruthy();
    fail = false;
    await userEvent.click(button(f.page.retry));
    await waitFor(() => expect(screen.getByRole('heading', { name: world.flash.name })).toBeTruthy());
  });
});
