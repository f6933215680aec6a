import { expect, label, shot, test, zh } from '../fixtures';

const internalError = JSON.stringify({
  ok: false,
  data: null,
  err_data: { kind: 'internal', show: '', detail: 'internal error' },
});

test('seven failed calls show at most five toasts, each closable', async ({ page }, testInfo) => {
  await page.goto('/debug');
  await expect(page.getByText(zh.debug.intro)).toBeVisible();
  await shot(page, testInfo, 'debug');

  // The server answers 500 to the connection test, as a crashed handler would.
  await page.route('**/api/debug/echo', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: internalError }),
  );
  // Substring match: while a call is in flight the button's name gains antd's 'loading' icon label.
  const connect = page.getByRole('button', { name: zh.debug.echo });
  const toasts = page.getByRole('alert').filter({ hasText: zh.errors.serverError });
  for (let i = 0; i < 7; i += 1) {
    // antd ignores presses while the button shows its spinner.
    await expect(connect).not.toHaveClass(/ant-btn-loading/);
    const answered = page.waitForResponse('**/api/debug/echo');
    // The toasts come down over the button: use it from the keyboard, which they cannot cover.
    await connect.press('Enter');
    await answered;
    // The pointer rests on the toasts, which pauses their 6 s timers however slow this machine is.
    if (i === 0) await toasts.first().hover();
  }

  // The seventh answer has been handled too: seven failures, five toasts.
  await expect(connect).not.toHaveClass(/ant-btn-loading/);
  await expect(toasts).toHaveCount(5);
  await expect(toasts.first()).toContainText('500 Internal Server Error');
  await shot(page, testInfo, 'toasts-five');

  // The toast's own Close button (text), not antd's corner icon that carries the same label.
  await toasts
    .first()
    .getByRole('button')
    .filter({ hasText: label(zh.common.close) })
    .click();
  await expect(toasts).toHaveCount(4);
});
