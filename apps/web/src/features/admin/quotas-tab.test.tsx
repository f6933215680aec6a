import {
  CODE_RULES,
  QUOTA_DEFAULTS,
  ROLE_NAMES,
  quotaCalls,
  systemCalls,
  userCalls,
  type QuotaTable,
} from '@gre/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { adminExtrasCopy } from '../../i18n/zh-CN.admin-extras';
import { fake, fakeServer, makeUser, renderApp, sentBody } from '../../test-utils';
import { forgetSentCode } from './op-check';
import { quotaChanges } from './quotas-tab';

const q = adminExtrasCopy.quotas;
const GOOD = '246810';

beforeAll(async () => {
  await import('./web-manage-page');
  await import('./quotas-tab');
}, 60_000);

beforeEach(() => forgetSentCode());

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function serve(start: QuotaTable = QUOTA_DEFAULTS) {
  setToken('t'.repeat(43));
  let table = structuredClone(start);
  const fetch = fakeServer(
    fake(userCalls.get, () => ({ data: makeUser({ is_admin: true }) })),
    fake(systemCalls.getSettings, () => ({ data: { maintenance: false, min_api_version: 0 } })),
    fake(userCalls.sendOpCheckCode, () => ({
      data: { resend_after: CODE_RULES.resendSeconds, target: '139****0001' },
    })),
    fake(quotaCalls.getQuotas, () => ({ data: { quotas: table } })),
    fake(quotaCalls.setQuotas, (body) => {
      if (body.op_code !== GOOD) return { kind: 'code_invalid' };
      table = body.quotas;
      return { data: { quotas: table } };
    }),
  );
  const sets = () =>
    fetch.mock.calls.filter(([url]) => url === quotaCalls.setQuotas.path).map(([, init]) => sentBody(init));
  return { sets, user: userEvent.setup() };
}

const field = (role: keyof QuotaTable, column: string) =>
  screen.getByRole('spinbutton', { name: q.fieldName(ROLE_NAMES[role], column) });

describe('/web_manage 配额', { timeout: 40_000 }, () => {
  it('shows the table in force, empty where unlimited, and the banks each role sees', async () => {
    serve();
    renderApp('/web_manage?tab=quotas');
    await screen.findByText(q.banksHelp);
    expect((field('Trail', q.columns.verbal) as HTMLInputElement).value).toBe('30');
    expect((field('Trail', q.columns.total) as HTMLInputElement).value).toBe('150');
    expect((field('SVIP', q.columns.quant) as HTMLInputElement).value).toBe('');
    expect((field('VIP', q.columns.assistant) as HTMLInputElement).value).toBe('60');
    expect(screen.getByText(q.banks.SVIP!)).toBeTruthy();
  });

  it('saves a changed limit behind the confirmation code, listing the change first', async () => {
    const { sets, user } = serve();
    renderApp('/web_manage?tab=quotas');
    await screen.findByText(q.banksHelp);
    const verbal = field('Trail', q.columns.verbal);
    await user.clear(verbal);
    await user.type(verbal, '2');
    // Unlimited: the field left empty.
    await user.clear(field('VIP', q.columns.quant));
    await user.click(screen.getByRole('button', { name: q.save }));

    expect(screen.queryByText(q.noChange)).toBeNull();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(adminCopy.opCheck.title(q.action))).toBeTruthy();
    await within(dialog).findByText(adminCopy.opCheck.sentTo('139****0001'));
    expect(within(dialog).getByText(q.change(ROLE_NAMES.Trail, q.columns.verbal, '30', '2'))).toBeTruthy();
    expect(within(dialog).getByText(q.change(ROLE_NAMES.VIP, q.columns.quant, '300', q.unlimited))).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: adminCopy.opCheck.code }), '111111');
    await user.click(within(dialog).getByRole('button', { name: new RegExp(adminCopy.opCheck.ok) }));
    expect(await within(dialog).findByText(adminCopy.opCheck.codeInvalid)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: adminCopy.opCheck.code }), GOOD);
    await user.click(within(dialog).getByRole('button', { name: new RegExp(adminCopy.opCheck.ok) }));
    expect(await screen.findByText(q.saved)).toBeTruthy();

    const expected = structuredClone(QUOTA_DEFAULTS);
    expected.Trail.daily.verbal = 2;
    expected.VIP.daily.quant = null;
    expect(sets().at(-1)).toEqual({ quotas: expected, op_code: GOOD });
    await waitFor(() => expect((field('VIP', q.columns.quant) as HTMLInputElement).value).toBe(''));
  });

  it('restores the defaults, and says so when nothing changed', async () => {
    const changed = structuredClone(QUOTA_DEFAULTS);
    changed.FreeVIP.simulate = { n: 9, period: 'total' };
    const { sets, user } = serve(changed);
    renderApp('/web_manage?tab=quotas');
    await screen.findByText(q.banksHelp);
    expect((field('FreeVIP', q.columns.simulate) as HTMLInputElement).value).toBe('9');
    await user.click(screen.getByRole('button', { name: q.reset }));
    expect((field('FreeVIP', q.columns.simulate) as HTMLInputElement).value).toBe('3');
    await user.click(screen.getByRole('button', { name: q.save }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(adminCopy.opCheck.sentTo('139****0001'));
    expect(
      within(dialog).getByText(
        q.change(ROLE_NAMES.FreeVIP, q.columns.simulate, `${q.periods.total} 9`, `${q.periods.week} 3`),
      ),
    ).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: adminCopy.opCheck.code }), GOOD);
    await user.click(within(dialog).getByRole('button', { name: new RegExp(adminCopy.opCheck.ok) }));
    await screen.findByText(q.saved);
    expect(sets().at(-1)).toEqual({ quotas: QUOTA_DEFAULTS, op_code: GOOD });

    await user.click(screen.getByRole('button', { name: q.save }));
    expect(await screen.findByText(q.noChange)).toBeTruthy();
    expect(sets()).toHaveLength(1);
  });
});

describe('quotaChanges', () => {
  it('names every changed figure and nothing else', () => {
    const to = structuredClone(QUOTA_DEFAULTS);
    to.SVIP.essay = { n: 20, period: 'day' };
    to.SVIP.assistant = { n: null, period: 'day' };
    to.Trail.total = null;
    expect(quotaChanges(QUOTA_DEFAULTS, to)).toEqual([
      q.change(ROLE_NAMES.Trail, q.columns.total, '150', q.unlimited),
      q.change(ROLE_NAMES.SVIP, q.columns.essay, `${q.periods.day} 10`, `${q.periods.day} 20`),
      q.change(ROLE_NAMES.SVIP, q.columns.assistant, `${q.periods.day} 200`, `${q.periods.day} ${q.unlimited}`),
    ]);
    expect(quotaChanges(to, to)).toEqual([]);
  });
});
