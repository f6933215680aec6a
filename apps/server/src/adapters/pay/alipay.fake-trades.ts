/**
 * The trades of the fake Alipay gateway (alipay.fake.ts serves them over HTTP): precreated orders, which Alipay knows
 * nothing of until the payer scans, their payment and expiry, and the answer nodes of precreate, query and close.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { fenToYuan, parseShanghaiTime, shanghaiTime, yuanToFen } from './alipay-sign.js';

export type FakeTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';

/** One precreated order as the fake holds it. */
export interface FakeAlipayOrder {
  order: string;
  totalFen: number;
  subject: string;
  notifyUrl: string | null;
  expiresAt: Date | null;
  createdAt: Date;
  /** The precreate answer's qr_code: this fake's /qr/<token> page (GET scans, POST …/pay pays and notifies). */
  qrCode: string;
  /** null until the payer scans: before that Alipay has no trade and answers ACQ.TRADE_NOT_EXIST. */
  status: FakeTradeStatus | null;
  tradeNo: string | null;
  /** What the payer paid, when it differs from the order (pay's `totalFen`); else the order's amount once paid. */
  paidFen: number | null;
  paidAt: Date | null;
}

/** How the payer pays: `totalFen` simulates a gateway reporting another amount. */
export interface FakePayment {
  totalFen?: number;
  at?: Date;
  status?: 'TRADE_SUCCESS' | 'TRADE_FINISHED';
}

export const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** A failed call's answer node. */
const fail = (code: string, msg: string, subCode: string, subMsg: string) => ({
  code,
  msg,
  sub_code: subCode,
  sub_msg: subMsg,
});
export const business = (subCode: string, subMsg: string) => fail('40004', 'Business Failed', subCode, subMsg);
export const invalid = (subCode: string, subMsg: string) => fail('40002', 'Invalid Arguments', subCode, subMsg);

/**
 * The gateway's book of trades on the fake's clock; `qrUrl` makes the qr_code of a new order from its token (the
 * page the fake serves at /qr/<token>).
 */
export function tradeBook(now: () => Date, qrUrl: (token: string) => string) {
  const orders = new Map<string, FakeAlipayOrder>();
  const byToken = new Map<string, FakeAlipayOrder>();

  const known = (order: string) => {
    const found = orders.get(order);
    if (!found) throw new Error(`fake alipay: no order ${order}`);
    return found;
  };
  /** Unpaid trades past time_expire close, as Alipay closes them. */
  const expire = (o: FakeAlipayOrder) => {
    if (o.status === 'WAIT_BUYER_PAY' && o.expiresAt && o.expiresAt <= now()) o.status = 'TRADE_CLOSED';
  };
  const scan = (order: string) => {
    const o = known(order);
    expire(o);
    if (o.expiresAt && o.expiresAt <= now() && o.status === null) throw new Error(`fake alipay: ${order} expired`);
    if (o.status === null) {
      o.status = 'WAIT_BUYER_PAY';
      o.tradeNo = `${shanghaiTime(now()).slice(0, 10).replaceAll('-', '')}22001${digits(15)}`;
    }
    return o;
  };
  const pay = (order: string, opts: FakePayment = {}) => {
    const o = scan(order);
    if (o.status !== 'WAIT_BUYER_PAY') throw new Error(`fake alipay: ${order} is ${o.status}, cannot be paid`);
    o.status = opts.status ?? 'TRADE_SUCCESS';
    o.paidFen = opts.totalFen ?? o.totalFen;
    o.paidAt = opts.at ?? now();
    return o;
  };

  function precreate(biz: Record<string, unknown>, notifyUrl: string | null): Record<string, string> {
    const order = biz.out_trade_no;
    const fen = typeof biz.total_amount === 'string' ? yuanToFen(biz.total_amount) : null;
    const expiresAt = typeof biz.time_expire === 'string' ? parseShanghaiTime(biz.time_expire) : null;
    if (typeof order !== 'string' || !/^[0-9A-Za-z_-]{1,64}$/.test(order)) {
      return business('ACQ.INVALID_PARAMETER', 'out_trade_no 无效');
    }
    if (fen === null || fen < 1 || fen > 10_000_000_000) return business('ACQ.INVALID_PARAMETER', 'total_amount 无效');
    if (typeof biz.subject !== 'string' || biz.subject === '') return business('ACQ.INVALID_PARAMETER', 'subject 无效');
    if (biz.time_expire !== undefined && !expiresAt) return business('ACQ.INVALID_PARAMETER', 'time_expire 无效');
    let o = orders.get(order);
    if (o) {
      expire(o);
      if (o.status === 'TRADE_SUCCESS' || o.status === 'TRADE_FINISHED') {
        return business('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
      }
      if (o.status === 'TRADE_CLOSED') return business('ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
      if (o.totalFen !== fen) return business('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
    } else {
      const token = randomBytes(12).toString('hex');
      o = {
        order,
        totalFen: fen,
        subject: biz.subject,
        notifyUrl,
        expiresAt,
        createdAt: now(),
        qrCode: qrUrl(token),
        status: null,
        tradeNo: null,
        paidFen: null,
        paidAt: null,
      };
      orders.set(order, o);
      byToken.set(token, o);
    }
    return { code: '10000', msg: 'Success', out_trade_no: order, qr_code: o.qrCode };
  }

  function query(o: FakeAlipayOrder | undefined): Record<string, string> {
    if (o) expire(o);
    if (!o?.status) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const paid = o.status === 'TRADE_SUCCESS' || o.status === 'TRADE_FINISHED';
    const amount = fenToYuan(o.paidFen ?? o.totalFen);
    return {
      code: '10000',
      msg: 'Success',
      trade_no: o.tradeNo!,
      out_trade_no: o.order,
      buyer_logon_id: 'lea***@example.com',
      trade_status: o.status,
      total_amount: amount,
      buyer_pay_amount: paid ? amount : '0.00',
      point_amount: '0.00',
      invoice_amount: paid ? amount : '0.00',
      receipt_amount: paid ? amount : '0.00',
      ...(paid && o.paidAt ? { send_pay_date: shanghaiTime(o.paidAt) } : {}),
      buyer_user_id: '2088102177846880',
    };
  }

  function close(o: FakeAlipayOrder | undefined): Record<string, string> {
    if (o) expire(o);
    // As at Alipay: an unscanned order has no trade to close, and its code stays payable until it expires.
    if (!o?.status) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    if (o.status !== 'WAIT_BUYER_PAY') return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    o.status = 'TRADE_CLOSED';
    return { code: '10000', msg: 'Success', trade_no: o.tradeNo!, out_trade_no: o.order };
  }

  return { orders, byToken, known, scan, pay, precreate, query, close };
}
