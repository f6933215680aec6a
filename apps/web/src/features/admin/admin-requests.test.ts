import { auditCalls, voucherCalls, type Voucher } from '@gre/contracts';
import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditRequest, NO_FILTER } from './audit-tab';
import { addRequest, updateRequest, type VoucherValues } from './voucher-form';
import { voucherState } from './vouchers-tab';

const START = 1_800_000_000;

function voucher(over: Partial<Voucher> = {}): Voucher {
  return {
    id: 4,
    code: 'SPRING-26',
    name: '春季体验',
    grant_kind: 'tier',
    role_kind: 'VIP',
    days: 7,
    coins: null,
    use_limit: 100,
    used_count: 10,
    start_stamp: START,
    end_stamp: START + 30 * 86_400,
    deleted: false,
    created_stamp: START - 86_400,
    ...over,
  };
}

const valuesOf = (v: Voucher): VoucherValues => ({
  code: v.code,
  name: v.name,
  grant_kind: v.grant_kind,
  role_kind: v.role_kind ?? undefined,
  days: v.days ?? undefined,
  coins: v.coins ?? undefined,
  use_limit: v.use_limit,
  window: [dayjs.unix(v.start_stamp), dayjs.unix(v.end_stamp)],
});

describe('voucher requests', () => {
  it('a new voucher carries only its own grant, the code upper-cased, and passes the contract once given a code', () => {
    const window: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs.unix(START), dayjs.unix(START + 86_400)];
    const tier = addRequest({
      code: ' spring-26 ',
      name: ' 春季 ',
      grant_kind: 'tier',
      role_kind: 'SVIP',
      days: 30,
      coins: 500,
      use_limit: 5,
      window,
    });
    expect(tier).toEqual({
      code: 'SPRING-26',
      name: '春季',
      grant_kind: 'tier',
      role_kind: 'SVIP',
      days: 30,
      use_limit: 5,
      start_stamp: START,
      end_stamp: START + 86_400,
    });
    const coins = addRequest({
      code: 'COINS',
      name: '金币',
      grant_kind: 'coins',
      role_kind: 'VIP',
      days: 7,
      coins: 200,
      use_limit: 1,
      window,
    });
    expect(coins).toMatchObject({ grant_kind: 'coins', coins: 200 });
    expect(coins).not.toHaveProperty('role_kind');
    expect(coins).not.toHaveProperty('days');
    for (const req of [tier, coins])
      expect(voucherCalls.addVoucher.request.safeParse({ ...req, op_code: '123456' }).success).toBe(true);
  });

  it('an edit sends exactly the fields that changed (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.option(fc.constantFrom('新名字', '春季体验 2'), { nil: undefined }),
          use_limit: fc.option(fc.integer({ min: 10, max: 1000 }), { nil: undefined }),
          start: fc.option(fc.integer({ min: -86_400, max: 86_400 }), { nil: undefined }),
          end: fc.option(fc.integer({ min: 86_400, max: 60 * 86_400 }), { nil: undefined }),
        }),
        (change) => {
          const before = voucher();
          const after = {
            ...before,
            name: change.name ?? before.name,
            use_limit: change.use_limit ?? before.use_limit,
            start_stamp: change.start === undefined ? before.start_stamp : START + change.start,
            end_stamp: change.end === undefined ? before.end_stamp : START + change.end + 86_400,
          };
          const req = updateRequest(before, valuesOf(after));
          const expected: Record<string, unknown> = { id: before.id };
          if (after.name !== before.name) expected.name = after.name;
          if (after.use_limit !== before.use_limit) expected.use_limit = after.use_limit;
          if (after.start_stamp !== before.start_stamp) expected.start_stamp = after.start_stamp;
          if (after.end_stamp !== before.end_stamp) expected.end_stamp = after.end_stamp;
          expect(req).toEqual(expected);
          expect(voucherCalls.updateVoucher.request.safeParse({ ...req, op_code: '123456' }).success).toBe(true);
        },
      ),
    );
  });

  it('a voucher is usable only inside its window, with uses left, and not deleted', () => {
    const v = voucher();
    expect(voucherState(v, START - 1)).toBe('notStarted');
    expect(voucherState(v, START)).toBe('active');
    expect(voucherState(v, v.end_stamp - 1)).toBe('active');
    expect(voucherState(v, v.end_stamp)).toBe('ended');
    expect(voucherState(voucher({ used_count: 100 }), START)).toBe('usedUp');
    expect(voucherState(voucher({ deleted: true }), START)).toBe('deleted');
  });
});

describe('the audit filter as the call takes it', () => {
  it('blanks are no filter; a target id only with its kind; whole days with the end exclusive', () => {
    expect(auditRequest(NO_FILTER, 3)).toEqual({ page: 3, page_size: 20 });
    expect(auditRequest({ ...NO_FILTER, targetId: '12' }, 1)).not.toHaveProperty('target_id');
    const range: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-11-01T15:30:00'), dayjs('2026-11-03T08:00:00')];
    const req = auditRequest(
      {
        actorId: 1,
        targetKind: 'user',
        targetId: ' 12 ',
        action: ' permission/set_higher ',
        outcome: 'refused',
        range,
      },
      1,
    );
    expect(req).toEqual({
      page: 1,
      page_size: 20,
      actor_id: 1,
      target_kind: 'user',
      target_id: '12',
      action: 'permission/set_higher',
      outcome: 'refused',
      from_stamp: dayjs('2026-11-01T00:00:00').unix(),
      to_stamp: dayjs('2026-11-04T00:00:00').unix(),
    });
    expect(auditCalls.list.request.safeParse(req).success).toBe(true);
  });
});
