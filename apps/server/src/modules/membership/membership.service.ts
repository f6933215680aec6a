import {
  convertVipSeconds,
  extendExpiry,
  isBelowHeld,
  ROLE_KINDS,
  ROLE_RANK,
  type MembershipTier,
  type PriceTable,
  type RoleKind,
} from '@gre/contracts';
import type { Tx } from '@gre/db';
import { AppError } from '../../lib/app-error.js';
import { effectiveRole, type UserRow } from '../../lib/authorize.js';
import {
  changeCoins,
  coinsOf,
  endPeriodsAt,
  endPeriodsOf,
  insertEntitlement,
  lockUser,
  setTier,
  syncRecords,
  type NewEntitlement,
} from './membership.repository.js';

/**
 * The one writer of a user's tier (issue 13): the role columns, the `entitlements` periods and `users.records` move
 * together here, inside the caller's transaction — a trade's grant commits with the trade's move to ApplySuccess, a
 * new account's trial with the account. Flash coins change here too.
 */

/** How a period was granted (authority.records `source`). */
export type GrantSource = 'trial' | 'gift' | 'trade' | 'manual';

/** What may be granted: the paid tiers, and FreeVIP as a gift (a newman gift, a voucher). */
export type GrantTier = MembershipTier | 'FreeVIP';

export interface TierGrant {
  tier: GrantTier;
  days: number;
  source: GrantSource;
  /** The paying trade; unique in `entitlements`, so one trade can never grant twice. */
  tradeId?: number;
  now: Date;
  /** The prices in force: a VIP converted into SVIP is valued at their 1-month rates. */
  prices: PriceTable;
}

export interface TierResult {
  user: UserRow;
  /** The new period. */
  startsAt: Date;
  endsAt: Date;
  /** Seconds of VIP turned into SVIP time, 0 when none. */
  convertedSeconds: number;
}

/**
 * Grants `days` of `tier`. Same tier: a renewal, from the later of now and the current expiry. SVIP over a running
 * VIP: the VIP time left is converted pro rata first. Below the tier held: `buy_role_exist`.
 */
export async function grantTier(tx: Tx, userId: number, grant: TierGrant): Promise<TierResult> {
  const user = await lockUser(tx, userId);
  if (!user) throw new AppError('not_found', `no user ${userId}`);
  const { now, tier, days } = grant;
  const held = effectiveRole(user, now);
  if (isBelowHeld(held, tier)) throw new AppError('buy_role_exist', `holds ${held}, cannot buy ${tier}`);
  const nowSec = Math.floor(now.getTime() / 1000);
  const running = held === user.roleKind && user.roleExpiresAt ? Math.floor(user.roleExpiresAt.getTime() / 1000) : null;
  let startSec = nowSec;
  let convertedSeconds = 0;
  let base: number | null = null;
  if (held === tier && running !== null) {
    base = running;
    startSec = Math.max(nowSec, running);
  } else if (tier === 'SVIP' && held === 'VIP' && running !== null) {
    convertedSeconds = convertVipSeconds(running - nowSec, grant.prices);
    base = nowSec + convertedSeconds;
    await endPeriodsAt(tx, userId, 'VIP', now);
  }
  const endSec = extendExpiry(nowSec, base, days);
  const startsAt = new Date(startSec * 1000);
  const endsAt = new Date(endSec * 1000);
  await setTier(tx, userId, tier, endsAt);
  // A conversion's SVIP period starts now: the converted VIP time is part of it.
  await insertEntitlement(tx, {
    userId,
    roleKind: tier,
    source: grant.source,
    tradeId: grant.tradeId ?? null,
    startsAt: convertedSeconds > 0 ? now : startsAt,
    endsAt,
  });
  await syncRecords(tx, userId);
  return { user: (await lockUser(tx, userId))!, startsAt, endsAt, convertedSeconds };
}

/**
 * Ends the tier in force now (an admin's remove_vip): the user is back on their base tier at once, and every period
 * above it — the running one and any renewal waiting to start — ends now. `conflict` when nothing above the base is held.
 */
export async function removeTier(tx: Tx, userId: number, now: Date): Promise<UserRow> {
  const user = await lockUser(tx, userId);
  if (!user) throw new AppError('not_found', `no user ${userId}`);
  const base = user.baseRoleKind as RoleKind;
  const held = effectiveRole(user, now);
  if (ROLE_RANK[held] <= ROLE_RANK[base])
    throw new AppError('conflict', `holds ${held}, nothing above the base ${base}`, '该用户没有可取消的会员');
  await setTier(tx, userId, base, null);
  await endPeriodsOf(
    tx,
    userId,
    ROLE_KINDS.filter((r) => ROLE_RANK[r] > ROLE_RANK[base]),
    now,
  );
  await syncRecords(tx, userId);
  return (await lockUser(tx, userId))!;
}

/** Adds flash coins (a FlashCoin trade, an admin's change); returns the new balance. */
export async function addFlashCoins(tx: Tx, userId: number, coins: number): Promise<number> {
  if (!Number.isSafeInteger(coins) || coins <= 0) throw new RangeError(`bad coin count ${coins}`);
  const balance = await changeCoins(tx, userId, coins);
  if (balance === null) throw new AppError('not_found', `no user ${userId}`);
  return balance;
}

/**
 * Takes `coins` flash coins for a deck in the caller's transaction: one conditional update, so concurrent decks can
 * never take the balance below zero. Too few is `flash_coin_short` with the figures; returns the new balance.
 */
export async function takeFlashCoins(tx: Tx, userId: number, coins: number): Promise<number> {
  if (!Number.isSafeInteger(coins) || coins <= 0) throw new RangeError(`bad coin count ${coins}`);
  const balance = await changeCoins(tx, userId, -coins);
  if (balance !== null) return balance;
  const have = await coinsOf(tx, userId);
  if (have === null) throw new AppError('not_found', `no user ${userId}`);
  throw new AppError(
    'flash_coin_short',
    `the deck needs ${coins} flash coins; the balance is ${have}`,
    `闪卡额度不足：需要 ${coins} 题，当前剩余 ${have} 题`,
  );
}

/** A new account's first period (the trial, a demo account's tier): the user row already carries the tier columns. */
export async function recordFirstPeriod(tx: Tx, userId: number, period: Omit<NewEntitlement, 'userId'>): Promise<void> {
  await insertEntitlement(tx, { userId, ...period });
  await syncRecords(tx, userId);
}
