import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { NotifyRequest } from './provider.js';
import type { WechatPayConfig } from './wechatpay.js';
import {
  alnum,
  digits,
  fakeKeys,
  gatewaySigner,
  notificationResource,
  verifyMerchantAuthorization,
  type ForgedAnswers,
  type SealingOverrides,
  type SigningOverrides,
} from './wechatpay.fake-signing.js';

/*
 * A WeChat Pay APIv3 gateway on a loopback port, for tests: its orders and HTTP face. Its keys, signatures and sealing
 * are in wechatpay.fake-signing.ts, written from the protocol with node:crypto, so a mistake in wechatpay-crypto.ts
 * cannot cancel itself out here.
 */

export {
  opensslAvailable,
  sealResource,
  signAsWechatPay,
  verifyMerchantAuthorization,
  type ForgedAnswers,
  type SealingOverrides,
  type SigningOverrides,
} from './wechatpay.fake-signing.js';

export type TradeState = 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';

/** A transaction as the gateway serialises it (query answer, notification plaintext). */
export interface FakeTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type?: 'NATIVE';
  trade_state: TradeState;
  trade_state_desc: string;
  bank_type?: string;
  attach: string;
  success_time?: string;
  payer?: { openid: string };
  amount: { total: number; payer_total?: number; currency: 'CNY'; payer_currency?: 'CNY' };
}

/** An order the gateway holds, as created by the merchant plus what has happened to it since. */
export interface FakeOrder {
  appid: string;
  mchid: string;
  outTradeNo: string;
  description: string;
  timeExpire: string;
  notifyUrl: string;
  totalFen: number;
  codeUrl: string;
  tradeState: TradeState;
  /** Set once paid: the payment's id, time and the amount the gateway says was paid. */
  payment: { transactionId: string; successTime: string; paidFen: number } | null;
  /** The create request's fields, to tell a retry (same content) from a reuse of the number (refused). */
  fingerprint: string;
}

/** A request as the gateway received it. */
export interface FakeRequest {
  method: string;
  url: string;
  body: string;
  status: number;
}

/** What to change in a notification; the defaults make a genuine one for the order's current state. */
export interface NotificationOverrides extends SigningOverrides, SealingOverrides {
  tradeState?: TradeState;
  totalFen?: number;
  appid?: string;
  mchid?: string;
}

/** A signed notification: a NotifyRequest as the app's route would build it, and its body as text. */
export interface FakeNotification extends NotifyRequest {
  body: string;
  headers: Record<string, string>;
}

/** Unreachable, several ways: 500 SYSTEM_ERROR, a dropped connection, no answer at all, 429 FREQUENCY_LIMITED. */
export type DownMode = boolean | 'drop' | 'hang' | 'throttle';

export interface FakeWechatPayOptions {
  /** Sign with a WeChat Pay public key (default) or a self-signed platform certificate made by the openssl CLI. */
  signer?: 'public-key' | 'platform-certificate';
  mchid?: string;
  appid?: string;
  now?: () => Date;
}

export interface FakeWechatPay {
  baseUrl: string;
  /** A complete provider configuration pointing at this gateway, with fresh merchant keys. */
  config: WechatPayConfig;
  /** The serial the gateway signs under: its public key id, or its certificate's serial. */
  serial: string;
  orders: Map<string, FakeOrder>;
  requests: FakeRequest[];
  /** Marks the order paid as if the payer scanned the code; `totalFen` sets what the gateway says was paid. */
  pay(order: string, options?: { totalFen?: number }): FakeTransaction;
  /** Puts the order in any trade state (a payment is invented for SUCCESS and REFUND). */
  setTradeState(order: string, state: TradeState): void;
  /** The transaction JSON the gateway would answer a query with. */
  transaction(order: string): FakeTransaction;
  /** A notification of the order's current state, correctly signed and sealed unless overridden. */
  notification(order: string, overrides?: NotificationOverrides): FakeNotification;
  /** The Wechatpay-* headers of any body, for notifications built by hand. */
  sign(body: string | Buffer, overrides?: SigningOverrides): Record<string, string>;
  /** POSTs the order's notification to `url` (default: the order's notify_url), as WeChat does. */
  sendNotification(
    order: string,
    url?: string,
    overrides?: NotificationOverrides,
  ): Promise<{ status: number; body: string }>;
  setDown(mode: DownMode): void;
  /** Forge every answer from now on, in the given way; null answers genuinely again. */
  forgeAnswers(mode: ForgedAnswers | null): void;
  close(): Promise<void>;
}

const STATE_DESC: Record<TradeState, string> = {
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  NOTPAY: '未支付',
  CLOSED: '已关闭',
  REVOKED: '已撤销',
  USERPAYING: '用户支付中',
  PAYERROR: '支付失败',
};

const beijing = (date: Date) => `${new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

/** The Native order request as the gateway accepts it (its documented limits). */
const createSchema = z.object({
  appid: z.string(),
  mchid: z.string(),
  description: z
    .string()
    .min(1)
    .refine((d) => Buffer.byteLength(d) <= 127),
  out_trade_no: z.string().regex(/^[0-9A-Za-z_\-|*]{6,32}$/),
  time_expire: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/),
  // WeChat wants https and no query string; http stays allowed for loopback tests.
  notify_url: z.string().regex(/^https?:\/\/[^?#]+$/),
  amount: z.object({ total: z.number().int().min(1), currency: z.literal('CNY').optional() }),
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Starts a fake WeChat Pay gateway on 127.0.0.1 (a random port). */
export async function startFakeWechatPay(options: FakeWechatPayOptions = {}): Promise<FakeWechatPay> {
  const now = options.now ?? (() => new Date());
  const mchid = options.mchid ?? `16${digits(8)}`;
  const appid = options.appid ?? `wx${alnum(16).toLowerCase()}`;
  const keys = await fakeKeys(mchid, options.signer ?? 'public-key');
  const { merchant, apiV3Key, serial } = keys;
  const signer = gatewaySigner(keys, now);

  const orders = new Map<string, FakeOrder>();
  const requests: FakeRequest[] = [];
  let down: DownMode = false;
  let forged: ForgedAnswers | null = null;

  const answerHeaders = (body: string) => (forged ? signer.forge(forged, body) : signer.sign(body));
  const must = (no: string) => {
    const order = orders.get(no);
    if (!order) throw new Error(`The fake gateway has no order ${no}`);
    return order;
  };

  function transaction(no: string): FakeTransaction {
    const order = must(no);
    const paid = order.payment;
    return {
      appid: order.appid,
      mchid: order.mchid,
      out_trade_no: order.outTradeNo,
      ...(paid ? { transaction_id: paid.transactionId, trade_type: 'NATIVE' as const, bank_type: 'OTHERS' } : {}),
      trade_state: order.tradeState,
      trade_state_desc: STATE_DESC[order.tradeState],
      attach: '',
      ...(paid ? { success_time: paid.successTime, payer: { openid: `o${alnum(27)}` } } : {}),
      amount: paid
        ? { total: paid.paidFen, payer_total: paid.paidFen, currency: 'CNY', payer_currency: 'CNY' }
        : { total: order.totalFen, currency: 'CNY' },
    };
  }

  function recordPayment(order: FakeOrder, paidFen: number) {
    order.payment = { transactionId: `4200${digits(24)}`, successTime: beijing(now()), paidFen };
  }

  type Reply = { status: number; body?: object };
  const fail = (status: number, code: string, message: string): Reply => ({ status, body: { code, message } });

  function create(auth: { mchid: string }, raw: string): Reply {
    const parsed = createSchema.safeParse(parseJson(raw));
    if (!parsed.success) {
      return fail(400, 'PARAM_ERROR', `参数错误：${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    }
    const body = parsed.data;
    if (body.mchid !== auth.mchid) return fail(400, 'PARAM_ERROR', 'mchid 与请求签名中的商户号不一致');
    if (body.appid !== appid) return fail(403, 'APPID_MCHID_NOT_MATCH', 'appid 和 mch_id 不匹配');
    if (new Date(body.time_expire).getTime() <= now().getTime()) {
      return fail(400, 'PARAM_ERROR', 'time_expire 早于当前时间');
    }
    const fingerprint = JSON.stringify({ ...body, amount: body.amount.total });
    const existing = orders.get(body.out_trade_no);
    if (existing) {
      if (existing.fingerprint !== fingerprint) return fail(400, 'INVALID_REQUEST', '201 商户订单号重复');
      if (existing.payment) return fail(400, 'ORDERPAID', '该订单已支付');
      if (existing.tradeState === 'CLOSED') return fail(400, 'ORDER_CLOSED', '订单已关闭');
      return { status: 200, body: { code_url: existing.codeUrl } };
    }
    const order: FakeOrder = {
      appid: body.appid,
      mchid: body.mchid,
      outTradeNo: body.out_trade_no,
      description: body.description,
      timeExpire: body.time_expire,
      notifyUrl: body.notify_url,
      totalFen: body.amount.total,
      codeUrl: `weixin://wxpay/bizpayurl?pr=${alnum(7)}`,
      tradeState: 'NOTPAY',
      payment: null,
      fingerprint,
    };
    orders.set(order.outTradeNo, order);
    return { status: 200, body: { code_url: order.codeUrl } };
  }

  function route(method: string, url: URL, auth: { mchid: string }, raw: string): Reply {
    if (method === 'POST' && url.pathname === '/v3/pay/transactions/native') return create(auth, raw);
    const match = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (!match) return fail(404, 'NOT_FOUND', '无效的请求路径');
    const order = orders.get(decodeURIComponent(match[1]!));
    if (method === 'GET' && !match[2]) {
      if (url.searchParams.get('mchid') !== auth.mchid) return fail(400, 'PARAM_ERROR', 'mchid 不正确');
      if (!order) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
      return { status: 200, body: transaction(order.outTradeNo) };
    }
    if (method === 'POST' && match[2]) {
      const body = parseJson(raw) as { mchid?: unknown } | undefined;
      if (body?.mchid !== auth.mchid) return fail(400, 'PARAM_ERROR', 'mchid 不正确');
      if (!order) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
      if (order.payment) return fail(400, 'ORDERPAID', '订单已支付');
      order.tradeState = 'CLOSED';
      return { status: 204 };
    }
    return fail(405, 'INVALID_REQUEST', '不支持的请求方法');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const log = (status: number) => requests.push({ method, url, body: raw.toString('utf8'), status });
    const send = (status: number, body: object | undefined, signs: boolean) => {
      const text = body === undefined ? '' : JSON.stringify(body);
      const headers: Record<string, string> = { 'Request-ID': randomUUID(), ...(signs ? answerHeaders(text) : {}) };
      if (body !== undefined) headers['Content-Type'] = 'application/json; charset=utf-8';
      log(status);
      res.writeHead(status, headers).end(text);
    };

    if (down === 'drop') return void req.socket.destroy();
    if (down === 'hang') return log(0);
    if (down === 'throttle') return send(429, { code: 'FREQUENCY_LIMITED', message: '频率超限' }, true);
    if (down) return send(500, { code: 'SYSTEM_ERROR', message: '系统错误' }, false);

    const refused = verifyMerchantAuthorization(
      req.headers.authorization,
      { mchid, serial: merchant.serial, publicKey: merchant.publicKey, now: now() },
      method,
      url,
      raw,
    );
    // WeChat does not sign its answer to a request whose own signature failed.
    if (refused) return send(401, { code: 'SIGN_ERROR', message: `签名错误：${refused}` }, false);
    if (!req.headers['user-agent']) return send(400, { code: 'INVALID_REQUEST', message: '缺少 User-Agent' }, true);
    if (method === 'POST' && !/^application\/json/.test(req.headers['content-type'] ?? '')) {
      return send(400, { code: 'INVALID_REQUEST', message: 'Content-Type 必须为 application/json' }, true);
    }
    const reply = route(method, new URL(url, 'http://gateway'), { mchid }, raw.toString('utf8'));
    send(reply.status, reply.body, true);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function notification(no: string, o: NotificationOverrides = {}): FakeNotification {
    const tx = transaction(no);
    const plain = {
      ...tx,
      ...(o.tradeState ? { trade_state: o.tradeState, trade_state_desc: STATE_DESC[o.tradeState] } : {}),
      ...(o.appid !== undefined ? { appid: o.appid } : {}),
      ...(o.mchid !== undefined ? { mchid: o.mchid } : {}),
      amount: o.totalFen !== undefined ? { ...tx.amount, total: o.totalFen, payer_total: o.totalFen } : tx.amount,
    };
    const resource = notificationResource(apiV3Key, JSON.stringify(plain), o);
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: beijing(now()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource,
    });
    const headers = { ...signer.sign(body, o), 'content-type': 'application/json' };
    return { headers, body, rawBody: Buffer.from(body) };
  }

  return {
    baseUrl,
    config: {
      baseUrl,
      mchid,
      appid,
      merchantSerial: merchant.serial,
      merchantPrivateKey: merchant.privateKey,
      apiV3Key,
      publicKey: keys.publicKey,
      platformCertificates: keys.platformCertificates,
    },
    serial,
    orders,
    requests,
    pay(no, { totalFen } = {}) {
      const order = must(no);
      if (order.tradeState !== 'NOTPAY' && order.tradeState !== 'USERPAYING') {
        throw new Error(`The fake gateway cannot pay order ${no}: it is ${order.tradeState}`);
      }
      if (new Date(order.timeExpire).getTime() <= now().getTime()) {
        throw new Error(`The fake gateway cannot pay order ${no}: it expired at ${order.timeExpire}`);
      }
      order.tradeState = 'SUCCESS';
      recordPayment(order, totalFen ?? order.totalFen);
      return transaction(no);
    },
    setTradeState(no, state) {
      const order = must(no);
      order.tradeState = state;
      if ((state === 'SUCCESS' || state === 'REFUND') && !order.payment) recordPayment(order, order.totalFen);
    },
    transaction,
    notification,
    sign: signer.sign,
    async sendNotification(no, url, o) {
      const n = notification(no, o);
      const res = await fetch(url ?? must(no).notifyUrl, {
        method: 'POST',
        headers: { ...n.headers, 'user-agent': 'Mozilla/4.0' },
        body: n.body,
      });
      return { status: res.status, body: await res.text() };
    },
    setDown(mode) {
      down = mode;
    },
    forgeAnswers(mode) {
      forged = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
