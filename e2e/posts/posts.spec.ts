import { discussionPath, mailCalls, postCalls, type Mail } from '@gre/contracts';
import type { Page } from '@playwright/test';
import { demo, expect, label, seedToken, shot, test, zh, type Api } from '../fixtures';
import { newLearner, phoneWidth, useSession } from '../mail/mail-steps';

const t = zh.posts;
const q = zh.operate.queue;

/** The word that holds a comment for review in this journey; every run adds the same one, so runs never clash. */
const KEYWORD = '代写服务';

async function ensureKeyword(api: Api, operator: string) {
  const { words } = await api.call(postCalls.getKeywords, {}, { token: operator });
  if (!words.includes(KEYWORD))
    await api.call(postCalls.setKeywords, { words: [...words, KEYWORD] }, { token: operator });
}

/** The learner's chat mail whose link names `commentId`, once it is written. */
async function chatMail(api: Api, token: string, link: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const { mails } = await api.call(mailCalls.gets, { race: 'chat', page: 1, page_size: 50 }, { token });
        found = mails.find((m) => m.link === link);
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

const comment = (page: Page, text: string) => page.locator('.gpo-comment', { hasText: text }).last();

// Issue 15's discussion journey: learner A comments on a question from its review (search) and follows the thread;
// learner B likes the comment and replies anonymously (A gets a chat mail naming 匿名用户), then comments with a word
// on the keyword list, so the comment waits (审核中, B alone sees it); an operator approves it in /operate with the
// word marked; A, a follower, gets the chat mail, whose link opens the question's discussion at that comment.

test('a comment, a like, an anonymous reply and a held comment approved in /operate reach the author as chat mails', async ({
  page,
  api,
}, testInfo) => {
  test.setTimeout(150_000);
  await phoneWidth(page, testInfo);
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const a = await newLearner(api, testInfo, 'posts-a');
  const b = await newLearner(api, testInfo, 'posts-b');
  const operator = await api.login(demo('operator'));
  await ensureKeyword(api, operator);
  const first = `先找转折词 however，空格处应与前文相反 (${stamp})`;
  const reply = `同意，第二空也是这个思路 (${stamp})`;
  const heldText = `整理了一份笔记，需要${KEYWORD}的别信 (${stamp})`;

  // A: a search result in review, 讨论 (n) opens the chat dialog; the comment goes out with bold text; A follows.
  await seedToken(page, a.token);
  await page.goto('/search?q=coral');
  await page.locator('.gs-item').first().click();
  const viewer = page.getByRole('dialog').first();
  const entry = viewer.getByRole('button', { name: /讨论/ });
  await expect(entry).toHaveText(/讨论 \(\d+\)/);
  const opened = page.waitForResponse((r) => r.url().endsWith('/api/post/get'));
  await entry.click();
  const topicId = ((await (await opened).json()) as { data: { topic_id: number } }).data.topic_id;
  const chat = page.getByRole('dialog', { name: t.chat.title });
  await expect(chat.getByRole('tab', { name: t.chat.tabs.discussion })).toHaveAttribute('aria-selected', 'true');
  const box = chat.getByRole('textbox', { name: t.composer.label });
  await box.fill(first);
  await box.selectText();
  await chat.getByRole('button', { name: t.composer.bold }).click();
  await expect(box).toHaveValue(`<b>${first}</b>`);
  await chat.getByRole('button', { name: label(t.composer.submit) }).click();
  await expect(page.getByText(t.posted)).toBeVisible();
  const mine = comment(page, first);
  await expect(mine.locator('.gpo-content b')).toHaveText(first);
  await expect(mine.getByText(t.mine, { exact: true })).toBeVisible();
  await chat.getByRole('button', { name: t.subscribe }).click();
  await expect(chat.getByRole('button', { name: t.unsubscribe })).toBeVisible();
  await shot(page, testInfo, 'posts-chat-dialog');

  // B: the same thread on its page; likes A's comment and replies anonymously.
  await useSession(page, b.token);
  await page.goto(discussionPath(topicId));
  const theirs = comment(page, first);
  await theirs.getByRole('button', { name: `${t.like} 0` }).click();
  await expect(theirs.getByRole('button', { name: `${t.unlike} 1` })).toHaveAttribute('aria-pressed', 'true');
  await theirs.getByRole('button', { name: t.reply }).click();
  await theirs.getByRole('textbox', { name: t.composer.replyLabel }).fill(reply);
  await theirs.getByRole('checkbox', { name: t.composer.anonymous }).check();
  const replied = page.waitForResponse((r) => r.url().endsWith('/api/post/comment'));
  await theirs.getByRole('button', { name: label(t.composer.submitReply) }).click();
  const replyId = ((await (await replied).json()) as { data: { id: number } }).data.id;
  await expect(page.locator(`#comment-${replyId}`)).toContainText(reply);

  // B's own comment with the listed word waits for review; B sees it tagged 审核中.
  const top = page.getByRole('textbox', { name: t.composer.label });
  await top.fill(heldText);
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/post/comment'));
  await page.getByRole('button', { name: label(t.composer.submit) }).click();
  const heldId = ((await (await posted).json()) as { data: { id: number } }).data.id;
  await expect(page.getByText(t.held)).toBeVisible();
  const held = page.locator(`#comment-${heldId}`);
  await expect(held.getByText(t.pending)).toBeVisible();
  await shot(page, testInfo, 'posts-held-comment');

  // A: the reply's chat mail names 匿名用户; the waiting comment is not shown.
  const replyMail = await chatMail(api, a.token, discussionPath(topicId, replyId));
  expect(replyMail.subject).toContain(t.anonymous);
  await useSession(page, a.token);
  await page.goto(discussionPath(topicId));
  await expect(page.locator(`#comment-${replyId}`)).toHaveAttribute('aria-label', t.anonymous);
  await expect(page.getByText(heldText)).toHaveCount(0);

  // The operator: the comment in the queue with its real author and the word marked; 通过.
  await useSession(page, operator);
  await page.goto('/operate');
  if (testInfo.project.name !== 'phone') await expect(page.getByRole('link', { name: zh.nav.operate })).toBeVisible();
  const queued = page.locator('.gop-item', { hasText: stamp });
  await expect(queued.locator('mark')).toHaveText(KEYWORD);
  await expect(queued).toContainText(q.author('备考同学', b.id));
  await shot(page, testInfo, 'posts-operate-queue');
  await queued.getByRole('button', { name: label(q.approve) }).click();
  await expect(page.getByText(q.approved)).toBeVisible();
  await expect(queued).toHaveCount(0);
  await page.getByRole('tab', { name: zh.operate.tabs.keywords }).click();
  await expect(page.locator('.gop-words').getByText(KEYWORD)).toBeVisible();
  await shot(page, testInfo, 'posts-operate-keywords');

  // A follows the thread: the approved comment's chat mail, on /mail; its link opens the discussion at the comment.
  const link = discussionPath(topicId, heldId);
  const mail = await chatMail(api, a.token, link);
  await useSession(page, a.token);
  await page.goto('/mail?race=chat');
  await expect(page.getByText(mail.subject).first()).toBeVisible();
  await shot(page, testInfo, 'posts-mail');
  await page.goto(link);
  const shown = page.locator(`#comment-${heldId}`);
  await expect(shown).toContainText(heldText);
  await expect(shown).toHaveClass(/is-target/);
  await expect(shown.getByText(t.pending)).toHaveCount(0);
  await expect(comment(page, first).getByRole('button', { name: `${t.like} 1` })).toBeVisible();
  await shot(page, testInfo, 'posts-discussion-page');
});
