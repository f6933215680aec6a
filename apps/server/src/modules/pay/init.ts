import { randomBytes } from 'node:crypto';
import {
  durationDays,
  FLASH_COIN_PACKS,
  isBelowHeld,
  priceOf,
  TRADE_OPEN_MINUTES,
  type DiscountCodeResult,
  type Payment,
  type PurchasableKind,
} from '@gre/contracts';
import { isUniqueViolation } from '@gre/db';
import { PayProviderError } from '../../adapters/pay/provider.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { checkCode, takeCode } from '../codes/index.js';
import { currentUser } from '../users/index.js';
import { closeUnpaid, settle } from './settle.js';
import { currentPrices, type InitBody } from './trades.service.js';
import { toTradeDto } from './trades.dto.js';
import { findTrade, insertTrade, insertTradeEvent, moveTrade, openTrades, type TradeRow } from './trades.repository.js';

/** Tries at replacing a concurrent init's trade before giving up with `conflict`. */
const INIT_ATTEMPTS = 3;
const RETRY = new Error('retry the init');
const UNAVAILABLE_SHOW = '支付服务暂时不可用，请稍后重试';
const TIER_TITLES = { VIP: '会员（VIP）', SVIP: '超级会员（SVIP）' } as const;
const DURATION_LABELS: Record<number, string> = { 1: '7 天', 2: '1 个月', 3: '2 个月', 4: '3 个月' };

/** '会员（VIP）· 1 个月', '闪卡额度 · 100 题': the dialog's title and the order's description at the provider. */
export function tradeTitle(kind: PurchasableKind, param: number): string {
  if (kind === 'FlashCoin') return `闪卡额度 · ${FLASH_COIN_PACKS[param as keyof typeof FLASH_COIN_PACKS].coins} 题`;
  return `${TIER_TITLES[kind]}· ${DURATION_LABELS[param]}`;
}

/** Merchant order number: 'G', the Shanghai time to the second, 12 random base-36 characters — 27 of [0-9A-Z]. */
export function newOrderNumber(now: Date): string {
  const shanghai = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  const random = [...randomBytes(12)].map((b) => (b % 36).toString(36)).join('');
  return `G${shanghai}${random}`.toUpperCase();
}

/** Where learners and gateways reach this app: PUBLIC_URL, else the address the paying request came to. */
export function publicBase(deps: Deps, requestOrigin: string): string {
  return (deps.env.PUBLIC_URL ?? requestOrigin).replace(/\/+$/, '');
}

/**
 * Closes the user's open trades of this kind at the provider, then here (PayCancel). One the payer paid meanwhile is
 * settled instead — it was bought. A provider that cannot answer refuses the new trade: two live QR codes for one
 * purchase is what the rule forbids.
 */
async function replaceOpen(deps: Deps, userId: number, kind: PurchasableKind): Promise<void> {
  for (const old of await openTrades(deps.database.db, userId, kind)) {
    try {
      const closed = await deps.pay.close(old.order);
      if (closed === 'paid') await settle(deps, old, await deps.pay.query(old.order), 'replaced');
      else await closeUnpaid(deps, old, 'PayCancel', 'replaced');
    } catch (e) {
      if (e instanceof PayProviderError) throw new AppError('pay_unavailable', e.message, UNAVAILABLE_SHOW);
      throw e;
    }
  }
}

/**
 * `/api/pay/init`: a new trade for the caller, its amount from the price table and the code — the client sends
 * none — then the provider's QR code (WaitPay), or InitPayFail when the provider refuses.
 */
export async function initTrade(deps: Deps, actor: Actor, body: InitBody, requestOrigin: string): Promise<Payment> {
  if (body.user_id !== actor.user.id) throw new AppError('forbidden', 'a learner pays only for themselves');
  const { kind, param } = body;
  const prices = await currentPrices(deps);
  const listPrice = priceOf(kind, param, prices);
  if (listPrice === null) throw new AppError('invalid_input', `no ${kind} with param ${param}`);
  if (kind !== 'FlashCoin' && isBelowHeld(actor.role, kind)) {
    throw new AppError('buy_role_exist', `holds ${actor.role}, cannot buy ${kind}`);
  }
  if (kind !== 'FlashCoin' && durationDays(param) === null) throw new AppError('invalid_input', `no duration ${param}`);
  const codeText = body.code?.trim() ?? '';
  if (codeText) {
    const checked = await checkCode(deps, actor, codeText);
    if (!checked.valid) throw new AppError('discount_invalid', `code ${codeText} is not usable`, '优惠码不可用');
  }
  const now = deps.clock.now();
  const title = tradeTitle(kind, param);
  let code: DiscountCodeResult | null = null;
  // The newest request wins: when another init of this kind slipped its trade in first (quick tab switches, two
  // tabs), that trade is replaced in turn and this one tried again.
  let trade: TradeRow | null = null;
  for (let attempt = 1; !trade; attempt += 1) {
    await replaceOpen(deps, actor.user.id, kind);
    trade = await withUnitOfWork(deps, async ({ tx }) => {
      let amount = listPrice;
      let codeId: number | null = null;
      if (codeText) {
        const taken = await takeCode(tx, codeText, listPrice, now);
        amount = taken.priceFen;
        codeId = taken.id;
        code = taken.result;
      }
      const row = await tx
        .transaction((sp) =>
          insertTrade(sp, {
            userId: actor.user.id,
            kind,
            param,
            order: newOrderNumber(now),
            provider: deps.pay.name,
            listPriceFen: listPrice,
            amountFen: amount,
            codeId,
            title,
            deviceId: body.device_id ?? (actor.deviceId || null),
            expiresAt: new Date(now.getTime() + TRADE_OPEN_MINUTES * 60_000),
            createdAt: now,
            updatedAt: now,
          }),
        )
        .catch((e: unknown) => {
          // trades_one_open_uq: another init of this kind for this user got its trade in first.
          if (!isUniqueViolation(e)) throw e;
          if (attempt >= INIT_ATTEMPTS) {
            throw new AppError('conflict', 'another payment is being created', '正在创建订单，请稍候');
          }
          // Rolls the unit back — the code's use included — for the next try.
          throw RETRY;
        });
      await insertTradeEvent(tx, { tradeId: row.id, toStatus: 'None', source: 'init', detail: {}, createdAt: now });
      return row;
    }).catch((e: unknown) => {
      if (e === RETRY) return null;
      throw e;
    });
  }
  const shown = await askForQrCode(deps, trade, publicBase(deps, requestOrigin));
  return {
    trade: toTradeDto(shown),
    price: trade.amountFen,
    list_price: listPrice,
    title,
    qrcode_text: shown.qrcodeText,
    qrcode_url: shown.qrcodeUrl,
    code,
    user: await currentUser(deps, actor.user.id),
  };
}

/** None → WaitPay with the provider's QR code, or InitPayFail; an order created for a trade replaced meanwhile is closed again. */
async function askForQrCode(deps: Deps, trade: TradeRow, base: string): Promise<TradeRow> {
  let created;
  try {
    created = await deps.pay.create({
      order: trade.order,
      amountFen: trade.amountFen,
      title: trade.title,
      expiresAt: trade.expiresAt,
      notifyUrl: `${base}/pay/notify/${deps.pay.name}`,
    });
  } catch (e) {
    if (!(e instanceof PayProviderError)) throw e;
    return closeUnpaid(deps, trade, 'InitPayFail', 'init', `${e.reason}: ${e.message}`.slice(0, 500));
  }
  const now = deps.clock.now();
  const moved = await withUnitOfWork(deps, async ({ tx }) => {
    const row = await moveTrade(tx, trade.id, ['None'], 'WaitPay', now, {
      qrcodeText: created.qrcodeText,
      qrcodeUrl: created.qrcodeUrl,
    });
    if (row) {
      await insertTradeEvent(tx, {
        tradeId: trade.id,
        fromStatus: 'None',
        toStatus: 'WaitPay',
        source: 'init',
        detail: {},
        createdAt: now,
      });
    }
    return row;
  });
  if (moved) return moved;
  await deps.pay.close(trade.order).catch(() => undefined);
  return (await findTrade(deps.database.db, trade.id)) ?? trade;
}
