import { tailorCopy } from '../../apps/web/src/i18n/zh-CN.tailor';
import { expect, label, shot, zh } from '../fixtures';
import { adminCopy, adminPage, confirmWithCode, newLearner, openUser, pageAs } from '../staff/staff-steps';
import { test } from './extras-steps';

const d = adminCopy.drawer;
const s = tailorCopy.commonShelf;
/** A shipped tailor.common book of the higher bank: SVIP and the higher grant, or the shelf. */
const HIGHER_MATH = '高阶数学';

/** The confirmation code waits out the minute after the one before it (one code a minute to the admin). */
test.setTimeout(300_000);

test('an admin turns the tailor shelf on for a trial learner, who then opens an SVIP book from 定制书架', async ({
  browser,
  api,
  extrasURL,
}, testInfo) => {
  const learner = await newLearner(api, extrasURL, testInfo, 'shelf');
  const page = await pageAs(browser, testInfo, extrasURL, learner.token);
  await page.goto('/exercise_list');
  await expect(page.getByRole('button', { name: '填空精选 · 基础 1' })).toBeVisible();
  await expect(page.getByRole('heading', { name: s.title })).toBeHidden();

  const admin = await adminPage(browser, testInfo, api, extrasURL);
  const drawer = await openUser(admin, learner.email, '备考同学');
  const shelf = drawer.getByRole('region', { name: d.access }).getByRole('switch', { name: d.shelf });
  await shelf.click();
  await confirmWithCode(admin, api, extrasURL, d.switchAction(d.shelf, true));
  await expect(shelf).toBeChecked();
  await admin.context().close();

  await page.reload();
  const region = page.getByRole('region', { name: s.title });
  await expect(region.getByRole('heading', { name: s.title })).toBeVisible();
  const card = region.getByRole('button', { name: HIGHER_MATH });
  await expect(card).toBeVisible();
  // Open for this trial learner: no lock and no reason on the card.
  await expect(card.getByText(zh.bank.book.needsHigher)).toBeHidden();
  await shot(page, testInfo, 'extras-common-shelf');
  await card.click();
  const book = page.getByRole('dialog', { name: HIGHER_MATH });
  await book.getByRole('button', { name: label(zh.bank.book.start) }).click();
  await expect(page.locator('.gb-viewer').getByText(/^第 1 \/ \d+ 题$/)).toBeVisible();
  await shot(page, testInfo, 'extras-common-shelf-practice');
  await page.context().close();
});
