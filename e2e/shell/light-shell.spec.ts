import { examCalls, systemCalls } from '@gre/contracts';
import type { Page } from '@playwright/test';
import { expect, label, shot, test, zh } from '../fixtures';

const internalError = JSON.stringify({
  ok: false,
  data: null,
  err_data: { kind: 'internal', show: '', detail: 'internal error' },
});

/** Names of the scripts the page has fetched so far. */
function scriptLog(page: Page): string[] {
  const names: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') names.push(new URL(r.url()).pathname.split('/').pop()!);
  });
  return names;
}

const antdLoaded = (page: Page) => page.locator('.ant-app').count();

test.describe('the exam screen loads without antd', () => {
  let examId = 0;
  test.beforeEach(async ({ api, loginAs }) => {
    const token = await loginAs('SVIP');
    const { mocks } = await api.call(examCalls.simulateList, {}, { token });
    const mock = mocks.find((m) => m.refusal === null)!;
    ({ id: examId } = await api.call(
      examCalls.create,
      { source: 'simulate', version: mock.book_id, select_kind: 'verbal' },
      { token },
    ));
  });

  test('and an error there still shows its toast, the antd layer loaded on demand', async ({ page }, testInfo) => {
    const scripts = scriptLog(page);
    await page.goto(`/exam/${examId}`);
    const start = page.getByRole('button', { name: zh.exam.intro.start });
    await expect(start).toBeVisible();
    expect(scripts.filter((s) => s.startsWith('antd-layer'))).toEqual([]);
    expect(await antdLoaded(page)).toBe(0);

    await page.route('**/api/exam/start', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: internalError }),
    );
    await start.click();
    const toast = page.getByRole('alert').filter({ hasText: zh.errors.serverError });
    await expect(toast).toContainText('500 Internal Server Error');
    expect(scripts.some((s) => s.startsWith('antd-layer'))).toBe(true);
    await shot(page, testInfo, 'exam-toast-on-demand');
    await toast
      .getByRole('button')
      .filter({ hasText: label(zh.common.close) })
      .click();
    await expect(toast).toBeHidden();
  });

  test('and maintenance shows the upgrade overlay there', async ({ page, api, adminToken }) => {
    await page.goto(`/exam/${examId}`);
    await expect(page.getByRole('button', { name: zh.exam.intro.start })).toBeVisible();
    const overlay = page.getByRole('alertdialog', { name: zh.overlays.upgradeTitle });
    try {
      await api.call(systemCalls.setMaintenance, { on: true }, { token: adminToken });
      await page.getByRole('button', { name: zh.exam.intro.start }).click();
      await expect(overlay).toBeVisible();
    } finally {
      await api.call(systemCalls.setMaintenance, { on: false }, { token: adminToken });
    }
    await overlay.getByRole('button', { name: label(zh.common.refresh) }).click();
    await expect(overlay).toBeHidden();
    // The exam screen is back: at its intro, or at its first section when the start went through before the switch
    // reached the gate (a later call met maintenance and raised the overlay).
    const intro = page.getByRole('button', { name: zh.exam.intro.start });
    await expect(intro.or(page.getByRole('timer'))).toBeVisible();
  });
});
