import { flashCalls, payCalls, systemCalls, userCalls, wordCalls, type FlashCardData } from '@gre/contracts';
import type { Page, TestInfo } from '@playwright/test';
import { demo, expect, label, seedToken, shot, test, uniqueEmail, zh, type Api } from '../fixtures';

const f = zh.flash;
const w = zh.words;

// Issue 14's journey, on an instance whose clock can be moved (DEBUG_CLOCK=on): a learner adds a word from a reading
// passage to 生词本 and sees it there, makes a deck of six-choose-two words with bought flash coins, plays its rounds
// (flip, a quiz of four meanings, recall) through the round summary's chart to the result, and — days later on the
// server's clock — reviews the mastered words from home.

const DECK = 5;

async function learnerWithCoins(api: Api, base: string, testInfo: TestInfo): Promise<string> {
  const email = uniqueEmail(testInfo, 'flash');
  await api.call(userCalls.emailSendCode, { email, purpose: 'register' }, { baseURL: base });
  const session = await api.call(
    userCalls.register,
    { account: email, code: await api.latestCode(email, base), password: 'e2e-pass-1234', name: '背单词的同学' },
    { baseURL: base },
  );
  const token = session.token;
  // 50 flash coins through the sandbox gateway, as the payment dialog's QR page pays them.
  const pay = await api.call(
    payCalls.init,
    { user_id: session.user.id, kind: 'FlashCoin', param: 1 },
    { token, baseURL: base },
  );
  await api.call(payCalls.sandboxAct, { order: pay.trade.order, action: 'pay' }, { baseURL: base });
  await expect
    .poll(async () => (await api.call(userCalls.get, {}, { token, baseURL: base })).authority.flash_coins, {
      timeout: 15_000,
    })
    .toBe(50);
  return token;
}

/** The right meaning among the quiz's four: the option that is the start of the word's first sense. */
function rightOption(card: FlashCardData): number {
  const first = card.senses[0] ?? '';
  const i = (card.quiz_options ?? []).findIndex((o) => first.includes(o.split('，')[0]!));
  expect(i, `a quiz option of ${card.word} in "${first}"`).toBeGreaterThanOrEqual(0);
  return i;
}

/** Plays the running round of a deck on the page, every card right, and ends it. */
async function playRound(
  page: Page,
  testInfo: TestInfo,
  api: Api,
  base: string,
  token: string,
  flashId: number,
): Promise<void> {
  const { flash, cards } = await api.call(flashCalls.openFlash, { id: flashId }, { token, baseURL: base });
  const runtimes = flash.round!.runtimes;
  for (const [i, r] of runtimes.entries()) {
    await expect(page.getByText(f.card.progress(i + 1, runtimes.length), { exact: true })).toBeVisible();
    const card = cards[i]!;
    if (r.stage === 'NotSeen' || r.stage === 'Learn') {
      await page.getByRole('button', { name: label(f.card.flip) }).click();
      await page.getByRole('button', { name: label(f.card.know) }).click();
    } else if (r.stage === 'Quiz') {
      const right = rightOption(card);
      await page.getByRole('button', { name: `${f.card.option(right + 1)}：${card.quiz_options![right]!}` }).click();
      await expect(page.getByText(f.card.right)).toBeVisible();
    } else {
      await page.getByRole('textbox', { name: f.card.answerLabel }).fill(card.word);
      await page.keyboard.press('Enter');
      await expect(page.getByText(f.card.right)).toBeVisible();
    }
    // The first card of each step kind, answered, for people to look at.
    if (i === 0) await shot(page, testInfo, `flash-step-${r.stage}`);
    const last = i === runtimes.length - 1;
    await page.getByRole('button', { name: label(last ? f.card.finish : f.card.next) }).click();
  }
}

test('a word from a passage into 生词本, a six-choose-two deck played to the end, its review days later', async ({
  page,
  api,
  clockURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const base = clockURL;
  const token = await learnerWithCoins(api, base, testInfo);
  await seedToken(page, token);

  // A word of a reading passage, clicked in the practice viewer, goes into 生词本.
  await page.goto(`${base}/exercise_list`);
  await page.getByRole('button', { name: '阅读精选 · 基础' }).click();
  await page
    .getByRole('dialog', { name: '阅读精选 · 基础' })
    .getByRole('button', { name: label(zh.bank.book.start) })
    .click();
  const viewer = page.locator('.gb-viewer');
  const tokens = viewer.locator('.gq-words .gq-w');
  await expect(tokens.first()).toBeVisible();
  const texts = await tokens.allInnerTexts();
  const at = texts.findIndex((t) => /^[a-z]{9,}$/.test(t));
  expect(at).toBeGreaterThanOrEqual(0);
  await tokens.nth(at).click();
  const popover = page.locator('.gw-popover');
  await expect(popover).toBeVisible();
  await popover
    .getByRole('button', { name: /加入生词本/ })
    .first()
    .click();
  await expect(popover.getByText(w.inBook).first()).toBeVisible();
  await shot(page, testInfo, 'flash-word-added');
  const infos = await api.call(wordCalls.getAll, {}, { token, baseURL: base });
  const book = infos.books[0]!;
  const added = book.words[0]!.word;

  await page.goto(`${base}/word`);
  // The look-up itself is kept among the words met, with the passage's sentence.
  const met = page.locator('.ant-card').filter({ has: page.getByText(w.page.met.title, { exact: true }) });
  await expect(met.getByText(added).first()).toBeVisible();
  await page.getByRole('link', { name: book.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/wordbook/${book.id}$`));
  await expect(page.getByText(added, { exact: true }).first()).toBeVisible();
  await shot(page, testInfo, 'flash-wordbook');

  // A deck of six-choose-two words, made in the create dialog from the book's page.
  await page.getByRole('button', { name: new RegExp(`${w.book.createFlash}$`) }).click();
  const dialog = page.getByRole('dialog', { name: f.create.title });
  // antd's dropdown slides in: a click that lands while it moves can miss, so pick until the field shows the choice.
  const source = dialog.getByRole('combobox', { name: f.create.source });
  const sixTwo = page.locator(`.ant-select-item-option[title="${f.create.sources.six_two}"]`);
  await expect(async () => {
    if (!(await sixTwo.isVisible())) await source.click();
    await sixTwo.click({ timeout: 3_000 });
    // The dropdown lives outside the dialog: inside it, the title is the field's value.
    await expect(dialog.getByTitle(f.create.sources.six_two)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await dialog.getByRole('spinbutton', { name: f.create.limit }).fill(String(DECK));
  await expect(dialog.getByText(new RegExp(`将生成 ${DECK} 张卡，需要 ${DECK} 题额度，当前剩余 50 题`))).toBeVisible();
  await shot(page, testInfo, 'flash-create');
  await dialog.getByRole('button', { name: label(f.create.submit) }).click();
  await expect(page).toHaveURL(/\/flash\/\d+$/);
  const flashId = Number(/\/flash\/(\d+)$/.exec(page.url())![1]);
  expect((await api.call(userCalls.get, {}, { token, baseURL: base })).authority.flash_coins).toBe(50 - DECK);

  // Three rounds: every card flips, then chooses its meaning, then is recalled — and is mastered.
  await page.getByRole('button', { name: label(f.intro.start) }).click();
  await playRound(page, testInfo, api, base, token, flashId);
  await expect(page.getByText(f.summary.title(1))).toBeVisible();
  await expect(page.getByText(f.summary.moves(DECK, 0))).toBeVisible();
  await expect(page.locator('.gr-flash-chart canvas, .gr-flash-chart svg').first()).toBeVisible();
  await shot(page, testInfo, 'flash-round-summary');
  await page.getByRole('button', { name: label(f.summary.next) }).click();
  await playRound(page, testInfo, api, base, token, flashId);
  await expect(page.getByText(f.summary.title(2))).toBeVisible();
  await page.getByRole('button', { name: label(f.summary.next) }).click();
  await playRound(page, testInfo, api, base, token, flashId);
  await expect(page.getByText(f.summary.mastered(DECK, DECK))).toBeVisible();
  await page.getByRole('button', { name: label(f.summary.result) }).click();
  await expect(page.getByText(f.result.doneTitle)).toBeVisible({ timeout: 15_000 });
  await shot(page, testInfo, 'flash-result');
  const progress = await api.call(flashCalls.getProgress, { id: flashId }, { token, baseURL: base });
  expect(progress.flash.status).toBe('Finish');
  expect(progress.cards.every((c) => c.stage === 'Master')).toBe(true);

  // Ten days later the mastered words are due: home offers them, and a review round clears them.
  const admin = await api.login(demo('admin'), base);
  await api.call(systemCalls.advanceClock, { days: 10 }, { token: admin, baseURL: base });
  const due = await api.call(flashCalls.reviewDue, {}, { token, baseURL: base });
  expect(due.due_today).toBe(DECK);
  await page.goto(`${base}/`);
  const reviewCard = page.locator('.ant-card').filter({ has: page.getByText(f.review.title, { exact: true }) });
  await expect(reviewCard.getByLabel(f.review.count(DECK))).toBeVisible();
  await shot(page, testInfo, 'flash-home-due');
  await reviewCard.getByRole('button', { name: label(f.review.start) }).click();
  await expect(page).toHaveURL(/\/flash\/\d+$/);
  const reviewId = Number(/\/flash\/(\d+)$/.exec(page.url())![1]);
  expect(reviewId).not.toBe(flashId);
  await page.getByRole('button', { name: label(f.intro.start) }).click();
  await playRound(page, testInfo, api, base, token, reviewId);
  await page.getByRole('button', { name: label(f.summary.result) }).click();
  await expect(page.getByText(f.result.doneTitle)).toBeVisible({ timeout: 15_000 });
  await shot(page, testInfo, 'flash-review-result');
  const after = await api.call(flashCalls.reviewDue, {}, { token, baseURL: base });
  expect(after.due_today).toBe(0);
  expect(after.reviewed_today).toBe(DECK);
  await page.goto(`${base}/word`);
  await expect(page.getByText(book.name).first()).toBeVisible();
  await shot(page, testInfo, 'flash-word-page');
  // A review costs no coins.
  expect((await api.call(userCalls.get, {}, { token, baseURL: base })).authority.flash_coins).toBe(50 - DECK);
});
