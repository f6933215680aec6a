import {
  applyDiscount,
  codeCalls,
  discountInfo,
  INVALID_CODE_FREEZE_AT,
  type CallRequest,
  type Discount,
  type DiscountCode,
  type DiscountCodeResult,
} from '@gre/contracts';
import type { Tx } from '@gre/db';
import { AppError } from '../../lib/app-error.js';
import { actionOf, recordAudit } from '../../lib/audit.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { staffChange } from '../../lib/staff-change.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { freezeAccount } from '../users/index.js';
import {
  countInvalidSince,
  findCodeById,
  findCodeByText,
  giveUseBack,
  insertAttempt,
  insertCode,
  listCodes,
  markCodeInvalid,
  takeUse,
  type CodeRow,
} from './codes.repository.js';

const DAY_MS = 86_400_000;
const PAGE_SIZE = 50;
/** Shown when the tenth invalid code in a day freezes the account. */
const FROZEN_SHOW = '多次输入无效的优惠码，账号已被冻结，请联系客服';

/** Codes are matched case-insensitively: stored and compared upper-case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

export function discountOf(row: Pick<CodeRow, 'kind' | 'value'>): Discount {
  return row.kind === 'fixed' ? { kind: 'fixed', off_fen: row.value } : { kind: 'percent', percent_off: row.value };
}

function usable(row: CodeRow, now: Date): boolean {
  const t = now.getTime();
  return !row.invalid && row.startsAt.getTime() <= t && t < row.endsAt.getTime() && row.usedCount < row.maxUses;
}

function toResult(row: CodeRow | null, code: string, valid: boolean): DiscountCodeResult {
  return row && valid
    ? { code: row.code, name: row.name, info: discountInfo(discountOf(row)), valid: true }
    : { code, name: '', info: '', valid: false };
}

function toDto(row: CodeRow): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    info: discountInfo(discountOf(row)),
    kind: row.kind as DiscountCode['kind'],
    value: row.value,
    start_stamp: Math.floor(row.startsAt.getTime() / 1000),
    end_stamp: Math.floor(row.endsAt.getTime() / 1000),
    max_uses: row.maxUses,
    used: row.usedCount,
    invalid: row.invalid,
  };
}

/** `/api/code/create`: money-changing, so it takes a confirmation code, and refusals are audited too. */
export async function createCode(deps: Deps, actor: Actor, body: CallRequest<typeof codeCalls.create>) {
  const { op_code: opCode, ...asked } = body;
  const code = normaliseCode(body.code);
  const change = {
    action: actionOf(codeCalls.create.path),
    target: { targetKind: 'code' as const, targetId: code, after: asked },
    opCode,
    auditRefusals: true,
  };
  return staffChange(deps, actor, change, async ({ tx }) => {
    const row = await insertCode(tx, {
      code,
      name: body.name,
      kind: body.kind,
      value: body.value,
      startsAt: new Date(body.start_stamp * 1000),
      endsAt: new Date(body.end_stamp * 1000),
      maxUses: body.max_uses,
      createdBy: actor.user.id,
    });
    if (!row) throw new AppError('conflict', 'a code with this text exists', '该优惠码已存在');
    const created = toDto(row);
    return { result: created, audits: [{ targetKind: 'code', targetId: row.id, after: created }] };
  });
}

export async function listAllCodes(deps: Deps, page: number) {
  const { rows, total } = await listCodes(deps.database.db, page, PAGE_SIZE);
  return { items: rows.map(toDto), total };
}

/** `/api/code/mark_invalid`, audited with the code's state before and after. */
export async function withdrawCode(deps: Deps, actor: Actor, id: number) {
  return withUnitOfWork(deps, async (uow) => {
    const before = await findCodeById(uow.tx, id);
    const row = await markCodeInvalid(uow.tx, id);
    if (!before || !row) throw new AppError('not_found', `no code ${id}`);
    const after = toDto(row);
    const entry = { action: actionOf(codeCalls.markInvalid.path), targetKind: 'code' as const, targetId: id };
    await recordAudit(uow, actor, { ...entry, before: toDto(before), after });
    return after;
  });
}

/**
 * Records a learner's try of a code; an invalid one that is the tenth in 24 hours freezes the account in the same
 * transaction (product.md; the dialog's help text warns) and answers `user_frozen`.
 */
async function recordAttempt(tx: Tx, userId: number, code: string, valid: boolean, now: Date): Promise<void> {
  await insertAttempt(tx, userId, code, valid, now);
  if (valid) return;
  const invalid = await countInvalidSince(tx, userId, new Date(now.getTime() - DAY_MS));
  if (invalid >= INVALID_CODE_FREEZE_AT) {
    await freezeAccount(tx, userId, now);
    throw new AppError('user_frozen', `${invalid} invalid discount codes in 24 hours`, FROZEN_SHOW);
  }
}

/** `/api/code/get`: is this code usable now? Counted toward the freeze when it is not. */
export async function checkCode(deps: Deps, actor: Actor, text: string): Promise<DiscountCodeResult> {
  const code = normaliseCode(text);
  const now = deps.clock.now();
  // The freeze must commit although the call fails: the refusal is carried out of the unit and thrown after it.
  const { result, frozen } = await withUnitOfWork(deps, async ({ tx }) => {
    const row = await findCodeByText(tx, code);
    const valid = row !== null && usable(row, now);
    const refusal = await recordAttempt(tx, actor.user.id, code, valid, now).then(
      () => null,
      (e: unknown) => {
        if (e instanceof AppError && e.kind === 'user_frozen') return e;
        throw e;
      },
    );
    return { result: toResult(row, code, valid), frozen: refusal };
  });
  if (frozen) throw frozen;
  return result;
}

export interface TakenCode {
  id: number;
  result: DiscountCodeResult;
  /** The price after the code. */
  priceFen: number;
}

/**
 * Takes one use of a code for a new trade, inside the trade's transaction (the caller checked it with `checkCode`
 * first, which counts the try); a code used up or withdrawn meanwhile refuses the trade (`discount_invalid`).
 */
export async function takeCode(tx: Tx, text: string, listPriceFen: number, now: Date): Promise<TakenCode> {
  const code = normaliseCode(text);
  const row = await takeUse(tx, code, now);
  if (!row) throw new AppError('discount_invalid', `code ${code} is not usable`, '优惠码不可用');
  return { id: row.id, result: toResult(row, code, true), priceFen: applyDiscount(listPriceFen, discountOf(row)) };
}

/** A trade that held a code closed unpaid: the use goes back. */
export async function releaseCode(tx: Tx, codeId: number): Promise<void> {
  await giveUseBack(tx, codeId);
}

/** The code result a trade shows again (a poll, 'I have paid'); null when the trade has none. */
export async function codeResultFor(tx: Tx, codeId: number | null): Promise<DiscountCodeResult | null> {
  if (codeId === null) return null;
  const row = await findCodeById(tx, codeId);
  return row ? toResult(row, row.code, true) : null;
}
