import { expect, label, logOut, shot, storedToken, test, uniqueEmail, zh } from '../fixtures';

const l = zh.login;

test('register with a code, log in, see home, log out', async ({ page, api }, testInfo) => {
  const email = uniqueEmail(testInfo, 'reg');
  const password = 'e2e-pass-1234';
  const name = '新同学';

  await page.goto('/');
  // No token: the app sends a visitor to the login page.
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, testInfo, 'login');

  await page.getByRole('tab', { name: l.tabs.register }).click();
  const register = page.getByRole('form', { name: l.tabs.register });
  await register.getByPlaceholder(l.accountPlaceholder).fill(email);
  await register.getByRole('button', { name: label(l.sendCode) }).click();
  await expect(page.getByText(l.codeSent(email))).toBeVisible();
  // The `log` mail provider keeps the code for /debug; the API behind that page hands it over.
  const code = await api.latestCode(email);
  await register.getByRole('textbox', { name: l.code }).fill(code);
  await register.getByPlaceholder(l.passwordPlaceholder).fill(password);
  await register.getByPlaceholder(l.namePlaceholder).fill(name);
  await register.getByRole('checkbox').check();
  await shot(page, testInfo, 'register-filled');
  await register.getByRole('button', { name: label(l.submitRegister) }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2 })).toContainText(name);
  expect(await storedToken(page)).toBeTruthy();

  await logOut(page, testInfo);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(zh.nav.loggedOut)).toBeVisible();
  expect(await storedToken(page)).toBeNull();

  const login = page.getByRole('form', { name: l.tabs.login });
  await login.getByPlaceholder(l.accountPlaceholder).fill(email);
  await login.locator('input[type="password"]').fill(password);
  await login.getByRole('button', { name: label(l.submitLogin) }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2 })).toContainText(name);
  await expect(page.getByText(zh.home.todayAim).first()).toBeVisible();
  await shot(page, testInfo, 'home');

  await logOut(page, testInfo);
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
  // Logged out for real: opening home again lands on the login page.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});
