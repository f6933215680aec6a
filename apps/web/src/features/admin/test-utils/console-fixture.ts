import { CODE_RULES, userCalls, type AdminUser, type CallResponse, type User } from '@gre/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { setToken } from '../../../api/storage';
import { adminCopy } from '../../../i18n/zh-CN.admin';
import { closeDialog } from '../../../state/ui';
import { fake, fakeServer, makeUser, sentBody, type FakeRoute } from '../../../test-utils';
import { forgetSentCode } from '../op-check';

/** The confirmation code the console's fakes accept; any other answers code_invalid. */
export const OP_CODE = '246810';
/** Where the fake says the code went. */
export const OP_TARGET = 'a***@demo.gre';

/**
 * The hooks of a console test file: its pages and the layouts they sit in imported once up front (the first import
 * compiles antd in the test runner, seconds, which on a busy machine outlasted a test's first wait for its page), the
 * last code's cooldown forgotten before each test, and the dialogs, cache and fetch stub cleared after it.
 */
export function consoleTestHooks(...pages: (() => Promise<unknown>)[]) {
  beforeAll(async () => {
    await import('../../../components/antd-layer');
    await import('../../../components/layout/nav-layout');
    for (const page of pages) await page();
  }, 60_000);
  beforeEach(() => forgetSentCode());
  afterEach(() => {
    act(() => closeDialog());
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });
}

/**
 * Logs `caller` in (an admin unless given) and serves the console's `routes` beside who they are and the confirmation
 * code's sending; `bodies(path)` is every body the page sent to `path`, in order.
 */
export function serveConsole(routes: FakeRoute[], caller: User = makeUser({ id: 1, is_admin: true })) {
  setToken('t'.repeat(43));
  const fetch = fakeServer(
    fake(userCalls.get, () => ({ data: caller })),
    fake(userCalls.sendOpCheckCode, () => ({ data: { resend_after: CODE_RULES.resendSeconds, target: OP_TARGET } })),
    ...routes,
  );
  const bodies = (path: string) => fetch.mock.calls.filter(([p]) => p === path).map(([, init]) => sentBody(init));
  return { bodies };
}

/** A paged list call's answer: every item on the page asked for. */
export const onePage = <T>(items: T[], page = 1, page_size = 20) => ({
  data: { items, page_control: { page, page_size, total: items.length } },
});

/** What `/api/user/freeze` answers about `user` once changed. */
export const frozenAnswer = (user: AdminUser): { data: CallResponse<typeof userCalls.freeze> } => ({
  data: {
    id: user.id,
    name: user.name,
    signature: '',
    role_kind: user.role_kind,
    role_name: user.role_name,
    is_teacher: false,
    is_freeze: user.is_freeze,
  },
});

/** The open dialog showing `text` (the test environment gives stacked dialogs one label id, so not by name). */
export const dialogWith = (text: string) =>
  waitFor(() => {
    const found = screen.queryAllByRole('dialog').find((x) => x.textContent?.includes(text));
    if (!found) throw new Error(`no dialog with ${text}`);
    return found;
  });

/** Answers the confirmation dialog of `action`: waits for where the code went, types OP_CODE, confirms. */
export async function confirmWithCode(action: string) {
  const dialog = await dialogWith(adminCopy.opCheck.title(action));
  await within(dialog).findByText(adminCopy.opCheck.sentTo(OP_TARGET));
  await userEvent.type(within(dialog).getByLabelText(adminCopy.opCheck.code), OP_CODE);
  await userEvent.click(within(dialog).getByRole('button', { name: /确认执行/ }));
}
