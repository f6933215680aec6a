import type { voucherCalls } from '@gre/contracts';
import {
  priceTable,
  type CallRequest,
  type CallResponse,
  type Voucher,
  type VoucherGrant,
  type VoucherTier,
} from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { staffChange } from '../../lib/staff-change.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { retryLater } from '../auth/index.js';
import { addFlashCoins, grantTier } from '../membership/index.js';
import { currentUser } from '../users/index.js';
import {
  insertRedemption,
  insertVoucher,
  listVouchers,
  lockLiveVoucher,
  takeVoucherUse,
  updateVoucherRow,
  voucherByCode,
  type VoucherRow,
} from './vouchers.repository.js';

const stamp = (d: Date) => Math.floor(d.getTime() / 1000);
const fromStamp = (s: number) => new Date(s * 1000);

/** Unknown codes a learner may try in an hour: enough for typos, too few to guess a voucher. */
export const VOUCHER_MISSES_PER_HOUR = 20;

/** Codes are matched case-insensitively: stored and compared upper-case. */
const normalise = (code: string) => code.trim().toUpperCase();

function grantOf(row: VoucherRow): VoucherGrant {
  return {
    grant_kind: row.grantKind as VoucherGrant['grant_kind'],
    role_kind: row.roleKind as VoucherTier | null,
    days: row.days,
    coins: row.coins,
  };
}

function toDto(row: VoucherRow): Voucher {
  return {
    ...grantOf(row),
    id: row.id,
    code: row.code,
    name: row.name,
    use_limit: row.useLimit,
    used_count: row.usedCount,
    start_stamp: stamp(row.startsAt),
    end_stamp: stamp(row.endsAt),
    deleted: row.deletedAt !== null,
    created_stamp: stamp(row.createdAt),
  };
}

export async function getVouchers(
  deps: Deps,
  body: CallRequest<typeof voucherCalls.getVouchers>,
): Promise<CallResponse<typeof voucherCalls.getVouchers>> {
  const page = body.page ?? 1;
  const size = body.page_size ?? 20;
  const { rows, total } = await listVouchers(deps.database.db, body.include_deleted ?? false, page, size);
  return { items: rows.map(toDto), page_control: { page, page_size: size, total } };
}

export async function addVoucher(
  deps: Deps,
  actor: Actor,
  body: CallRequest<typeof voucherCalls.addVoucher>,
): Promise<Voucher> {
  const code = normalise(body.code);
  return staffChange(
    deps,
    actor,
    {
      action: 'permission/add_voucher',
      target: { targetKind: 'voucher', targetId: null, after: { code } },
      opCode: body.op_code,
      auditRefusals: true,
    },
    async ({ tx }) => {
      const tier = body.grant_kind === 'tier';
      const row = await insertVoucher(tx, {
        code,
        name: body.name,
        grantKind: body.grant_kind,
        roleKind: tier ? body.role_kind! : null,
        days: tier ? body.days! : null,
        coins: tier ? null : body.coins!,
        useLimit: body.use_limit,
        startsAt: fromStamp(body.start_stamp),
        endsAt: fromStamp(body.end_stamp),
        createdBy: actor.user.id,
      });
      // A deleted voucher keeps its code: its redemptions still name it.
      if (!row) throw new AppError('conflict', `a voucher ${code} exists`, '该兑换码已存在（含已删除的）');
      const dto = toDto(row);
      return { result: dto, audits: [{ targetKind: 'voucher', targetId: row.id, before: null, after: dto }] };
    },
  );
}

export async function updateVoucher(
  deps: Deps,
  actor: Actor,
  body: CallRequest<typeof voucherCalls.updateVoucher>,
): Promise<Voucher> {
  return staffChange(
    deps,
    actor,
    {
      action: 'permission/update_voucher',
      target: { targetKind: 'voucher', targetId: body.id },
      opCode: body.op_code,
      auditRefusals: true,
    },
    async ({ tx }) => {
      const old = await lockLiveVoucher(tx, body.id);
      if (!old) throw new AppError('not_found', `no live voucher ${body.id}`, '兑换码不存在或已删除');
      const useLimit = body.use_limit ?? old.useLimit;
      if (useLimit < old.usedCount)
        throw new AppError(
          'conflict',
          `use_limit ${useLimit} is below the ${old.usedCount} uses taken`,
          `使用上限不能少于已兑换的 ${old.usedCount} 次`,
        );
      const startsAt = body.start_stamp !== undefined ? fromStamp(body.start_stamp) : old.startsAt;
      const endsAt = body.end_stamp !== undefined ? fromStamp(body.end_stamp) : old.endsAt;
      if (endsAt.getTime() <= startsAt.getTime())
        throw new AppError('invalid_input', 'the window ends before it starts', '结束时间须晚于开始时间');
      const row = await updateVoucherRow(tx, body.id, { name: body.name ?? old.name, useLimit, startsAt, endsAt });
      return {
        result: toDto(row),
        audits: [{ targetKind: 'voucher', targetId: row.id, before: toDto(old), after: toDto(row) }],
      };
    },
  );
}

export async function deleteVoucher(deps: Deps, actor: Actor, id: number, opCode: string): Promise<Voucher> {
  return staffChange(
    deps,
    actor,
    {
      action: 'permission/delete_voucher',
      target: { targetKind: 'voucher', targetId: id },
      opCode,
      auditRefusals: true,
    },
    async ({ tx }) => {
      const old = await lockLiveVoucher(tx, id);
      if (!old) throw new AppError('not_found', `no live voucher ${id}`, '兑换码不存在或已删除');
      const row = await updateVoucherRow(tx, id, { deletedAt: deps.clock.now() });
      return {
        result: toDto(row),
        audits: [{ targetKind: 'voucher', targetId: id, before: toDto(old), after: toDto(row) }],
      };
    },
  );
}

/** Why a known voucher cannot be redeemed now, for the learner; null when it can. */
function windowRefusal(row: VoucherRow, now: Date): AppError | null {
  if (now.getTime() < row.startsAt.getTime())
    return new AppError('conflict', `voucher ${row.code} starts later`, '该兑换码尚未到使用时间');
  if (now.getTime() >= row.endsAt.getTime())
    return new AppError('conflict', `voucher ${row.code} has ended`, '该兑换码已过期');
  return null;
}

/**
 * `/api/voucher/redeem`: the redemption row (its primary key: once per learner), one use taken by a conditional
 * update (never past the limit), and the grant through the membership module, all in one transaction with the audit
 * row — a refusal at any step leaves none of it. Unknown codes count against the learner's hourly budget.
 */
export async function redeemVoucher(
  deps: Deps,
  actor: Actor,
  text: string,
): Promise<CallResponse<typeof voucherCalls.redeem>> {
  const code = normalise(text);
  const userId = actor.user.id;
  const missKey = `voucher:miss:${userId}`;
  const budget = await deps.limiter.reserve(missKey, VOUCHER_MISSES_PER_HOUR, 3600);
  if (!budget.ok) throw retryLater('rate_limited', budget.resetSeconds, 'too many unknown voucher codes');
  let found = false;
  try {
    const voucher = await staffChange(
      deps,
      actor,
      {
        action: 'voucher/redeem',
        target: { targetKind: 'voucher', targetId: null, after: { code } },
        auditRefusals: true,
      },
      async ({ tx, deps: unit }) => {
        const row = await voucherByCode(tx, code);
        if (!row || row.deletedAt !== null) throw new AppError('not_found', `no voucher ${code}`, '兑换码不存在');
        found = true;
        const now = deps.clock.now();
        const early = windowRefusal(row, now);
        if (early) throw early;
        if (!(await insertRedemption(tx, row.id, userId, now)))
          throw new AppError('conflict', `user ${userId} already redeemed ${code}`, '你已经兑换过这个兑换码');
        const taken = await takeVoucherUse(tx, row.id, now);
        if (!taken)
          throw windowRefusal(row, now) ?? new AppError('conflict', `${code} is used up`, '该兑换码已被兑换完');
        const before = { role_kind: actor.role, flash_coins: actor.user.flashCoins };
        if (row.grantKind === 'tier') {
          // Through the unit: on PGlite's one connection a read outside the transaction would wait for it forever.
          const prices = priceTable(await unit.settings.override('prices'));
          await grantTier(tx, userId, {
            tier: row.roleKind as VoucherTier,
            days: row.days!,
            source: 'gift',
            now,
            prices,
          }).catch((e: unknown) => {
            if (e instanceof AppError && e.kind === 'buy_role_exist')
              throw new AppError('buy_role_exist', e.detail, '你已是更高等级的会员，无需兑换此兑换码');
            throw e;
          });
        } else {
          await addFlashCoins(tx, userId, row.coins!);
        }
        const grant = { ...grantOf(row), code: row.code, name: row.name };
        return {
          result: grant,
          audits: [{ targetKind: 'voucher', targetId: row.id, before, after: { user_id: userId, ...grant } }],
        };
      },
    );
    return { voucher, user: await currentUser(deps, userId) };
  } finally {
    // Only an unknown code spends the budget: a known one — early, ended, used up, redeemed before — gives it back.
    if (found) await deps.limiter.release(missKey);
  }
}
