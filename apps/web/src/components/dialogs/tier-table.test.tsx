import { QUOTA_DEFAULTS, QUOTA_ROLES, quotaCalls, type QuotaTable } from '@gre/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer } from '../../test-utils';
import { AppProviders } from '../app-providers';
import { TierTable, tierRow } from './tier-table';

const t = zh.tiers;

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the rights table', () => {
  it('words product.md’s defaults as the table always did', () => {
    expect(QUOTA_ROLES.map((role) => tierRow(role, QUOTA_DEFAULTS[role]))).toEqual([
      {
        role: '试用用户',
        daily: '30 题，合计 150 题',
        essay: '共 1 次',
        assistant: '每天 10 次',
        simulate: '1 次',
        banks: '公开题',
      },
      {
        role: '免费会员',
        daily: '100 题',
        essay: '每天 1 次',
        assistant: '每天 20 次',
        simulate: '每周 3 次',
        banks: '公开题 + 会员题',
      },
      {
        role: '会员（VIP）',
        daily: '300 题',
        essay: '每天 3 次',
        assistant: '每天 60 次',
        simulate: '不限',
        banks: '公开题 + 会员题',
      },
      {
        role: '超级会员（SVIP）',
        daily: '不限',
        essay: '每天 10 次',
        assistant: '每天 200 次',
        simulate: '不限',
        banks: '全部题库，含高阶题库（需开通）',
      },
    ]);
  });

  it('follows the quotas an admin saved: per-subject limits, no lifetime total, a week of mocks', () => {
    const row = tierRow('Trail', {
      daily: { verbal: 10, quant: 20, words: null },
      total: null,
      simulate: { n: 2, period: 'week' },
      essay: { n: null, period: 'day' },
      assistant: { n: 5, period: 'day' },
    });
    expect(row).toMatchObject({
      daily: t.bySubject('10 题', '20 题', t.unlimited),
      simulate: '每周 2 次',
      essay: t.unlimited,
      assistant: '每天 5 次',
    });
  });

  it('shows the table the server holds, and says so when it cannot be read', async () => {
    const table: QuotaTable = structuredClone(QUOTA_DEFAULTS);
    table.VIP.daily = { verbal: 500, quant: 500, words: 500 };
    fakeServer(fake(quotaCalls.table, () => ({ data: { quotas: table } })));
    render(
      <AppProviders queryClient={queryClient}>
        <TierTable />
      </AppProviders>,
    );
    expect(await screen.findByText('500 题')).toBeTruthy();
    expect(screen.queryByText('300 题')).toBeNull();
    cleanup();
    queryClient.clear();

    fakeServer();
    render(
      <AppProviders queryClient={queryClient}>
        <TierTable />
      </AppProviders>,
    );
    expect(await screen.findByText(t.loadFailed)).toBeTruthy();
  });
});
