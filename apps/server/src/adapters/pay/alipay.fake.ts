/**
 * A local Alipay gateway for tests: a node:http server on a loopback port that speaks the open API with real RSA2 keys.
 * It verifies the merchant's request signatures, keeps trades the way Alipay does (unknown until the payer scans; see
 * alipay.fake-trades.ts), signs every answer over the exact response-node text, and builds and posts signed
 * notifications, with switches to tamper with them or to take the gateway down.
 */
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { AlipayConfig } from './alipay.js';
import { fenToYuan, parseShanghaiTime, rsa2Sign, rsa2Verify, shanghaiTime, signingString } from './alipay-sign.js';
import {
  digits,
  invalid,
  tradeBook,
  type FakeAlipayOrder,
  type FakePayment,
  type FakeTradeStatus,
} from './alipay.fake-trades.js';

export type { FakeAlipayOrder, FakePayment, FakeTradeStatus } from './alipay.fake-trades.js';

/** A request the gateway received, its signature checked. */
export interface FakeAlipayRequest {
  method: string;
  params: Record<string, string>;
  /** biz_content parsed; null when absent or not JSON. */
  biz: Record<string, unknown> | null;
  signatureValid: boolean;
}

export interface FakeAlipayOptions {
  appId?: string;
  sellerId?: string;
  /** The fake's clock: expiry, payment and notification times. */
  now?: () => Date;
}

/** `true`: HTTP 503; `reset`: the connection is dropped; `hang`: never answered; `false`: back up. */
export type FakeAlipayOutage = boolean | 'reset' | 'hang';

/** How answers are forged until set back to null: signed by a foreign key, unsigned, or changed after signing. */
export type FakeForgery = 'foreign-key' | 'unsigned' | 'altered' | null;

/** A response node to answer with once; `code` is required, every other field is copied as is. */
export type FakeAnswer = { code: string } & Record<string, string>;

/** How to build a notification; everything defaults to the order's true state, correctly signed. */
export interface FakeNotificationOptions {
  tradeStatus?: FakeTradeStatus;
  /** The amount the (correctly signed) notification states. */
  totalFen?: number;
  appId?: string;
  sellerId?: string;
  /** Who signs: Alipay (default), a foreign key, or nobody (no `sign`). */
  key?: 'alipay' | 'foreign' | 'none';
  /** Fields set (or, null, removed) before signing. */
  fields?: Record<string, string | null>;
  /** Fields set (or removed) after signing: the signature no longer matches. */
  tamper?: Record<string, string | null>;
}

export interface FakeAlipay {
  /** The gateway address, …/gateway.do. */
  gatewayUrl: string;
  /** A complete provider configuration pointing at this fake. */
  config: AlipayConfig;
  /** The application's and Alipay's key pairs (e.g. to write PEM files for alipayConfigFromEnv). */
  keys: { appPrivate: KeyObject; appPublic: KeyObject; alipayPrivate: KeyObject; alipayPublic: KeyObject };
  orders: ReadonlyMap<string, FakeAlipayOrder>;
  requests: readonly FakeAlipayRequest[];
  /** The payer scans the code: the trade now exists, WAIT_BUYER_PAY. */
  scan(order: string): FakeAlipayOrder;
  /** The payer pays (scanning first if need be); `totalFen` simulates a gateway reporting another amount. */
  pay(order: string, options?: FakePayment): FakeAlipayOrder;
  /** A notification of the order's state as Alipay would post it: form-urlencoded body and lower-cased headers. */
  notification(order: string, options?: FakeNotificationOptions): { body: string; headers: Record<string, string> };
  /** Posts `notification(order, options)` to `url` (default: the order's notify_url). */
  sendNotification(
    order: string,
    url?: string,
    options?: FakeNotificationOptions,
  ): Promise<{ status: number; body: string }>;
  setDown(outage: FakeAlipayOutage): void;
  /** The next gateway request (after its signature checks) gets this answer; `signed: false` leaves it unsigned. */
  answerNext(answer: FakeAnswer, options?: { signed?: boolean }): void;
  forge(mode: FakeForgery): void;
  close(): Promise<void>;
}

const rsaPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

/** Starts the fake gateway on 127.0.0.1 and a free port. */
export async function startFakeAlipay(options: FakeAlipayOptions = {}): Promise<FakeAlipay> {
  const appId = options.appId ?? `2021${digits(12)}`;
  const sellerId = options.sellerId ?? `2088${digits(12)}`;
  const now = options.now ?? (() => new Date());
  const app = rsaPair();
  const alipay = rsaPair();
  let foreign: KeyObject | undefined;
  const foreignKey = () => (foreign ??= rsaPair().privateKey);

  const requests: FakeAlipayRequest[] = [];
  const sockets = new Set<Socket>();
  let outage: FakeAlipayOutage = false;
  let forgery: FakeForgery = null;
  const nextAnswers: Array<{ node: FakeAnswer; signed: boolean }> = [];

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { orders, byToken, known, scan, pay, precreate, query, close } = tradeBook(
    now,
    (token) => `${origin}/qr/${token}`,
  );

  /** An answer body: the node text as sent, and `sign` over exactly that text (or the forgery asked for). */
  function answerBody(method: string, node: Record<string, string>, signed: boolean): string {
    const key = method === '' ? 'error_response' : `${method.replaceAll('.', '_')}_response`;
    // Alipay's serialiser escapes '/' (qr_code reads "https:\/\/qr.alipay.com\/…"), so only the exact text verifies.
    const serialise = (value: Record<string, string>) => JSON.stringify(value).replaceAll('/', '\\/');
    let text = serialise(node);
    if (!signed || forgery === 'unsigned') return `{"${key}":${text}}`;
    const sign = rsa2Sign(text, forgery === 'foreign-key' ? foreignKey() : alipay.privateKey);
    if (forgery === 'altered') {
      const changed: Record<string, string> = { ...node, msg: `${node.msg ?? ''} ` };
      if ('trade_status' in node) changed.trade_status = 'TRADE_SUCCESS';
      if ('qr_code' in node) changed.qr_code = 'https://attacker.example/pay';
      text = serialise(changed);
    }
    return `{"${key}":${text},"sign":"${sign}"}`;
  }

  /** The gateway's checks of the common parameters; an answer when one fails (Alipay leaves these unsigned). */
  function checkCommon(params: Record<string, string>, signatureValid: boolean) {
    if (params.app_id !== appId) return invalid('isv.invalid-app-id', '无效的AppID参数');
    if (params.sign_type !== 'RSA2') return invalid('isv.invalid-signature-type', '无效的签名类型');
    if ((params.charset ?? '').toLowerCase() !== 'utf-8') return invalid('isv.invalid-charset', '字符集错误');
    if (params.version !== '1.0') return invalid('isv.invalid-version', '无效的版本');
    if (!parseShanghaiTime(params.timestamp ?? '')) return invalid('isv.invalid-timestamp', '非法的时间戳参数');
    if (!signatureValid) return invalid('isv.invalid-signature', '验签出错');
    return null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (outage === 'reset') return void req.socket.destroy();
    if (outage === 'hang') return;
    if (outage) return void res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', origin);

    const qr = /^\/qr\/([0-9a-f]+)(\/pay)?$/.exec(url.pathname);
    if (qr) return qrPage(res, byToken.get(qr[1]!), req.method === 'POST' && qr[2] !== undefined);
    if (url.pathname !== '/gateway.do' || req.method !== 'POST') return void res.writeHead(404).end();

    // The official SDKs put the common parameters in the query string and biz_content in the body; take both.
    const params = Object.fromEntries([...url.searchParams, ...new URLSearchParams(body)]);
    const method = params.method ?? '';
    let biz: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(params.biz_content ?? '');
      if (typeof parsed === 'object' && parsed !== null) biz = parsed as Record<string, unknown>;
    } catch {
      biz = null;
    }
    const signatureValid = rsa2Verify(signingString(params, ['sign']), params.sign ?? '', app.publicKey);
    requests.push({ method, params, biz, signatureValid });

    const answer = (node: Record<string, string>, signed = true, key = method) =>
      void res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' }).end(answerBody(key, node, signed));
    const methods = ['alipay.trade.precreate', 'alipay.trade.query', 'alipay.trade.close'];
    if (!methods.includes(method)) return answer(invalid('isv.invalid-method', '不存在的方法名'), false, '');
    const refused = checkCommon(params, signatureValid);
    if (refused) return answer(refused, false);
    const injected = nextAnswers.shift();
    if (injected) return answer(injected.node, injected.signed);
    if (!biz) return answer(invalid('isv.invalid-biz-content', 'biz_content 无效'));
    const order = typeof biz.out_trade_no === 'string' ? orders.get(biz.out_trade_no) : undefined;
    if (method === 'alipay.trade.precreate') return answer(precreate(biz, params.notify_url ?? null));
    if (method === 'alipay.trade.query') return answer(query(order));
    return answer(close(order));
  }

  /** The payment page the qr_code opens: GET scans, POST …/pay pays and posts the notification. */
  async function qrPage(res: ServerResponse, o: FakeAlipayOrder | undefined, paying: boolean) {
    if (!o) return void res.writeHead(404).end();
    try {
      if (paying) {
        pay(o.order);
        const sent = o.notifyUrl ? await sendNotification(o.order) : null;
        return void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(`paid ${sent?.body ?? ''}`);
      }
      scan(o.order);
    } catch (err) {
      return void res.writeHead(409, { 'content-type': 'text/plain; charset=utf-8' }).end((err as Error).message);
    }
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<form method="post" action="/qr/${o.qrCode.split('/').pop()}/pay"><button>支付 ¥${fenToYuan(o.totalFen)}</button></form>`,
      );
  }

  function notification(order: string, opts: FakeNotificationOptions = {}) {
    const o = known(order);
    const status = opts.tradeStatus ?? o.status ?? 'WAIT_BUYER_PAY';
    const amount = fenToYuan(opts.totalFen ?? o.paidFen ?? o.totalFen);
    const paid = status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED';
    const params: Record<string, string> = {
      gmt_create: shanghaiTime(o.createdAt),
      charset: 'utf-8',
      subject: o.subject,
      buyer_id: '2088102177846880',
      invoice_amount: amount,
      notify_id: `2024${randomBytes(16).toString('hex')}`,
      fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]),
      notify_type: 'trade_status_sync',
      trade_status: status,
      receipt_amount: amount,
      buyer_pay_amount: amount,
      app_id: opts.appId ?? appId,
      sign_type: 'RSA2',
      seller_id: opts.sellerId ?? sellerId,
      ...(paid ? { gmt_payment: shanghaiTime(o.paidAt ?? now()) } : {}),
      ...(status === 'TRADE_CLOSED' ? { gmt_close: shanghaiTime(now()) } : {}),
      notify_time: shanghaiTime(now()),
      version: '1.0',
      out_trade_no: o.order,
      total_amount: amount,
      trade_no: o.tradeNo ?? digits(28),
      auth_app_id: appId,
      buyer_logon_id: 'lea***@example.com',
      point_amount: '0.00',
    };
    const apply = (changes: Record<string, string | null> = {}) => {
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) delete params[k];
        else params[k] = v;
      }
    };
    apply(opts.fields);
    const key = opts.key ?? 'alipay';
    if (key !== 'none') {
      const signingKey = key === 'alipay' ? alipay.privateKey : foreignKey();
      params.sign = rsa2Sign(signingString(params, ['sign', 'sign_type']), signingKey);
    }
    apply(opts.tamper);
    return {
      body: new URLSearchParams(params).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    };
  }

  async function sendNotification(order: string, url?: string, opts?: FakeNotificationOptions) {
    const target = url ?? known(order).notifyUrl;
    if (!target) throw new Error(`fake alipay: no notify_url for ${order}`);
    const { body, headers } = notification(order, opts);
    const res = await fetch(target, { method: 'POST', headers, body });
    return { status: res.status, body: await res.text() };
  }

  return {
    gatewayUrl: `${origin}/gateway.do`,
    config: {
      appId,
      privateKey: app.privateKey,
      alipayPublicKey: alipay.publicKey,
      sellerId,
      gatewayUrl: `${origin}/gateway.do`,
    },
    keys: {
      appPrivate: app.privateKey,
      appPublic: app.publicKey,
      alipayPrivate: alipay.privateKey,
      alipayPublic: alipay.publicKey,
    },
    orders,
    requests,
    scan,
    pay,
    notification,
    sendNotification,
    setDown(next) {
      outage = next;
    },
    answerNext(node, opts = {}) {
      nextAnswers.push({ node, signed: opts.signed ?? true });
    },
    forge(mode) {
      forgery = mode;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
