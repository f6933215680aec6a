import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_VERSION,
  HEADERS,
  systemCalls,
  userCalls,
  type CallDef,
  type CallRequest,
  type CallResponse,
  type ErrData,
} from '@gre/contracts';
import { test as base, expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { DEMO_ACCOUNTS, type DemoAccount } from '../apps/server/src/modules/users/demo-accounts';
import { STORAGE_KEYS } from '../apps/web/src/api/storage';
import { zh } from '../apps/web/src/i18n/zh-CN';
import { SHORT_IDLE_SECONDS, startAppServer } from './servers';

export { expect, zh, DEMO_ACCOUNTS, STORAGE_KEYS, SHORT_IDLE_SECONDS };

const screenshotRoot = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** A demo account by its label in DEMO_ACCOUNTS (trial, VIP, admin, frozen, …). */
export function demo(label: string): DemoAccount {
  const found = DEMO_ACCOUNTS.find((a) => a.label === label);
  if (!found) throw new Error(`no demo account labelled ${label}`);
  return found;
}

/** A call failed: the envelope's error, kept for assertions. */
export class CallFailed extends Error {
  constructor(
    readonly status: number,
    readonly err: ErrData | null,
  ) {
    super(`HTTP ${status}: ${err?.kind} ${err?.detail}`);
  }
}

export interface CallOpts {
  token?: string;
  baseURL?: string;
  /** null leaves X-Api-Version out, as tools do: the only way past a raised minimum version. */
  apiVersion?: number | null;
}

export interface Api {
  /** A contract call the way the web client makes it; resolves with `data`, rejects with CallFailed. */
  call<C extends CallDef>(def: C, body: CallRequest<C>, opts?: CallOpts): Promise<CallResponse<C>>;
  /** Logs an account in through /api/user/login and returns its session token. */
  login(account: { email: string; password: string }, baseURL?: string): Promise<string>;
  /** The code the `log` provider last sent to a target, read from /api/debug/info like the /debug page does. */
  latestCode(target: string, baseURL?: string): Promise<string>;
  /**
   * A confirmation code for a money- or role-changing call (`op_code`): sent to the caller's own e-mail through
   * /api/user/send_op_check_code, read back like latestCode. Waits out the interval between two codes to one address.
   */
  opCode(token: string, email: string, baseURL?: string): Promise<string>;
}

function makeApi(request: APIRequestContext, defaultBase: string): Api {
  const api: Api = {
    async call(def, body, opts = {}) {
      const res = await request.post(`${opts.baseURL ?? defaultBase}${def.path}`, {
        headers: {
          'content-type': 'application/json',
          ...(opts.apiVersion === null ? {} : { [HEADERS.apiVersion]: String(opts.apiVersion ?? API_VERSION) }),
          [HEADERS.deviceId]: 'e2e-fixture',
          ...(opts.token ? { [HEADERS.authorization]: `Bearer ${opts.token}` } : {}),
        },
        data: body ?? {},
      });
      const json = (await res.json()) as { ok: boolean; data: never; err_data: ErrData | null };
      if (!json.ok) throw new CallFailed(res.status(), json.err_data);
      return json.data;
    },
    async login(account, baseURL) {
      const session = await api.call(
        userCalls.login,
        { account: account.email, password: account.password },
        { baseURL },
      );
      return session.token;
    },
    async latestCode(target, baseURL) {
      const info = await api.call(systemCalls.debugInfo, {}, { baseURL });
      const sent = info.recent_codes
        .filter((c) => c.target === target)
        .sort((a, b) => b.sent_at.localeCompare(a.sent_at));
      if (!sent[0]) throw new Error(`no code sent to ${target}`);
      return sent[0].code;
    },
    async opCode(token, email, baseURL) {
      for (let attempt = 0; ; attempt++) {
        try {
          await api.call(userCalls.sendOpCheckCode, {}, { token, baseURL });
          return await api.latestCode(email, baseURL);
        } catch (e) {
          if (!(e instanceof CallFailed) || e.err?.kind !== 'code_too_frequent' || attempt >= 2) throw e;
          // The previous code to the same admin went out within CODE_RESEND_SECONDS (servers.ts: 1 s): wait it out.
          await new Promise((r) => setTimeout(r, 1_500));
        }
      }
    },
  };
  return api;
}

/**
 * Puts a token in localStorage before the app's first script runs, once per tab: later reloads see
 * whatever the app itself left there (a cleared token stays cleared).
 */
export async function seedToken(page: Page, token: string): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (sessionStorage.getItem('e2e.seeded')) return;
      sessionStorage.setItem('e2e.seeded', '1');
      localStorage.setItem(key, value);
    },
    [STORAGE_KEYS.token, token] as const,
  );
}

/** The token the app holds now (null once it cleared it). */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
}

/** True for the phone-width project: nav in a drawer, lists instead of tables. */
export function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'phone';
}

/** Saves a full-page screenshot as e2e/screenshots/<project>/<name>.png for people to look at. */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = join(screenshotRoot, testInfo.project.name);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * An accessible name matcher for antd buttons: antd puts a space between two CJK characters
 * ('登录' renders as '登 录'), so the copy is matched with optional whitespace between characters.
 */
export function label(text: string): RegExp {
  const chars = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^\\s*${chars.join('\\s*')}\\s*$`);
}

/** Opens the user menu (desktop dropdown or phone drawer) and logs out. */
export async function logOut(page: Page, testInfo: TestInfo): Promise<void> {
  // Home loads its cards and the lazy calendar after the first paint; a menu opened while they land can move under
  // the click. Let the page settle first.
  await page.waitForLoadState('networkidle');
  const opener = page.getByRole('button', { name: isPhone(testInfo) ? zh.nav.menu : zh.nav.userMenu });
  const item = page.getByRole('menuitem', { name: zh.nav.logout });
  // A click that lands while the dropdown is still sliding in can miss the item and leave the menu open; try again
  // until the logout has really happened (the app then shows the login page).
  await expect(async () => {
    if (!(await item.isVisible())) await opener.click();
    await item.click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/login$/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** A unique address per test, so runs and projects never collide on the same account. */
export function uniqueEmail(testInfo: TestInfo, prefix: string): string {
  const stamp = `${Date.now().toString(36)}${testInfo.workerIndex}${testInfo.repeatEachIndex}`;
  return `${prefix}-${testInfo.project.name}-${stamp}@example.com`;
}

interface Fixtures {
  api: Api;
  /** Logs a demo account in through the API and seeds its token into the page (no login form). */
  loginAs: (label: string) => Promise<string>;
  /** An admin token for flipping site switches; each test restores what it flips. */
  adminToken: string;
}

interface WorkerFixtures {
  /**
   * This worker's own app instance (fresh PGlite, demo accounts, the built web app): workers run side by side without
   * sharing a database or the site switches (maintenance, minimum version) a test flips.
   */
  appURL: string;
  /** A second app instance whose sessions expire after SHORT_IDLE_SECONDS idle; started on first use. */
  shortIdleURL: string;
  /** An app instance whose clock an admin can move forward (DEBUG_CLOCK=on), apart from the main one; on first use. */
  clockURL: string;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  appURL: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startAppServer({}, 240);
      await use(server.baseURL);
      await server.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ appURL }, use) => {
    await use(appURL);
  },
  shortIdleURL: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startAppServer({ SESSION_IDLE_DAYS: String(SHORT_IDLE_SECONDS / 86_400) });
      await use(server.baseURL);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  clockURL: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startAppServer({ DEBUG_CLOCK: 'on' });
      await use(server.baseURL);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  api: async ({ request, baseURL }, use) => {
    await use(makeApi(request, baseURL!));
  },
  loginAs: async ({ api, page }, use) => {
    await use(async (label) => {
      const token = await api.login(demo(label));
      await seedToken(page, token);
      return token;
    });
  },
  adminToken: async ({ api }, use) => {
    await use(await api.login(demo('admin')));
  },
});
