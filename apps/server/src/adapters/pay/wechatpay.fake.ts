import { execFile, spawnSync } from 'node:child_process';
import {
  createCipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  randomInt,
  randomUUID,
  sign,
  verify,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import type { NotifyRequest } from './provider.js';
import type { WechatPayConfig } from './wechatpay.js';

/*
 * A WeChat Pay APIv3 gateway on a loopback port, for tests. It is written from the protocol, not from the adapter:
 * its signing, verification and encryption use node:crypto directly, so a mistake in wechatpay-crypto.ts cannot
 * cancel itself out here.
 */

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

/** How the gateway signs an answer or a notification; the defaults are the genuine ones. */
export interface SigningOverrides {
  /** Wechatpay-Timestamp (default: the gateway's now). */
  timestamp?: Date;
  /** 'stranger': a key the merchant has never seen, under the gateway's serial. */
  signWith?: 'gateway' | 'stranger';
  /** Wechatpay-Serial (default: the gateway's public key id or certificate serial). */
  serial?: string;
}

/** What to change in a notification; the defaults make a genuine one for the order's current state. */
export interface NotificationOverrides extends SigningOverrides {
  tradeState?: TradeState;
  totalFen?: number;
  appid?: string;
  mchid?: string;
  /** Seal the resource with this APIv3 key instead of the merchant's. */
  apiV3Key?: string;
  /** Flip a byte of the sealed resource after sealing, before signing. */
  corruptCiphertext?: boolean;
  /** Seal this text instead of the transaction JSON. */
  plaintext?: string;
}

/** A signed notification: a NotifyRequest as the app's route would build it, and its body as text. */
export interface FakeNotification extends NotifyRequest {
  body: string;
  headers: Record<string, string>;
}

/** Answers the gateway forges on purpose: each must come out as PayProviderError('forged'). */
export type ForgedAnswers = 'wrong-key' | 'unknown-serial' | 'stale' | 'tampered' | 'unsigned';

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

const SKEW_MS = 5 * 60_000;
const STATE_DESC: Record<TradeState, string> = {
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  NOTPAY: '未支付',
  CLOSED: '已关闭',
  REVOKED: '已撤销',
  USERPAYING: '用户支付中',
  PAYERROR: '支付失败',
};

let strangerKey: KeyObject | undefined;
/** A key no merchant trusts; one per process, as RSA generation is the slow part of starting a fake. */
function stranger(): KeyObject {
  strangerKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  return strangerKey;
}

function rsaPem() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const alnum = (length: number) => Array.from({ length }, () => ALNUM[randomInt(ALNUM.length)]).join('');
const digits = (length: number) => Array.from({ length }, () => randomInt(10)).join('');
const upperHex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const beijing = (date: Date) => `${new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

/** Whether the openssl CLI is on this machine (the platform-certificate signer needs it). */
export function opensslAvailable(): boolean {
  return spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;
}

/** A self-signed RSA certificate like a platform certificate: 40 hex digits of serial, Tenpay's subject. */
async function platformCertificate(): Promise<{ cert: string; key: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'fake-wechatpay-'));
  try {
    const serial = `0x${(randomInt(1, 8) * 16 + randomInt(16)).toString(16)}${randomBytes(19).toString('hex')}`;
    const subject = '/C=CN/O=Tenpay.com/OU=Tenpay.com CA Center/CN=Tenpay.com Root CA';
    await promisify(execFile)('openssl', [
      ...'req -x509 -newkey rsa:2048 -nodes -days 30'.split(' '),
      ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-set_serial', serial, '-subj', subject],
    ]);
    return { cert: await readFile(join(dir, 'cert.pem'), 'utf8'), key: await readFile(join(dir, 'key.pem'), 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The Wechatpay-* headers (lower-case names) that sign `body` with `key` under `serial`. */
export function signAsWechatPay(
  key: KeyObject,
  serial: string,
  body: string | Buffer,
  timestamp: Date,
): Record<string, string> {
  const ts = String(Math.floor(timestamp.getTime() / 1000));
  const nonce = alnum(32);
  const message = Buffer.concat([Buffer.from(`${ts}\n${nonce}\n`), Buffer.from(body), Buffer.from('\n')]);
  return {
    'wechatpay-timestamp': ts,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': sign('sha256', message, key).toString('base64'),
    'wechatpay-serial': serial,
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

/**
 * Checks a merchant's Authorization header as the gateway does; the reason it fails, or null when it holds. `url` is
 * the path and query as received, `body` the raw bytes.
 */
export function verifyMerchantAuthorization(
  header: string | undefined,
  expect: { mchid: string; serial: string; publicKey: KeyObject; now: Date },
  method: string,
  url: string,
  body: Buffer,
): string | null {
  const match = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(header ?? '');
  if (!match) return 'Authorization is not WECHATPAY2-SHA256-RSA2048';
  const fields = new Map([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  const names = ['mchid', 'nonce_str', 'signature', 'timestamp', 'serial_no'];
  const [mchid, nonce, signature, timestamp, serial] = names.map((name) => fields.get(name));
  if (!mchid || !nonce || !signature || !timestamp || !serial) return 'Authorization lacks a field';
  if (mchid !== expect.mchid) return `unknown mchid ${mchid}`;
  if (serial !== expect.serial) return `unknown merchant serial ${serial}`;
  if (Math.abs(expect.now.getTime() - Number(timestamp) * 1000) > SKEW_MS) return 'timestamp out of range';
  const message = Buffer.concat([Buffer.from(`${method}\n${url}\n${timestamp}\n${nonce}\n`), body, Buffer.from('\n')]);
  return verify('sha256', message, expect.publicKey, Buffer.from(signature, 'base64')) ? null : 'signature mismatch';
}

/** Seals a notification resource: AES-256-GCM, base64 of ciphertext || tag. */
export function sealResource(apiV3Key: string, plaintext: string, associatedData = 'transaction') {
  const nonce = alnum(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM' as const,
    ciphertext: sealed.toString('base64'),
    associated_data: associatedData,
    original_type: 'transaction',
    nonce,
  };
}

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
  const merchant = rsaPem();
  const merchantPublicKey = createPublicKey(merchant.publicKey);
  const merchantSerial = upperHex(20);
  const apiV3Key = alnum(32);

  let gatewayKey: KeyObject;
  let serial: string;
  let publicKey: WechatPayConfig['publicKey'] = null;
  const platformCertificates: string[] = [];
  if (options.signer === 'platform-certificate') {
    if (!opensslAvailable()) throw new Error('The platform-certificate signer needs the openssl CLI');
    const made = await platformCertificate();
    gatewayKey = createPrivateKey(made.key);
    serial = new X509Certificate(made.cert).serialNumber.toUpperCase();
    platformCertificates.push(made.cert);
  } else {
    const pair = rsaPem();
    gatewayKey = createPrivateKey(pair.privateKey);
    serial = `PUB_KEY_ID_01${mchid}${digits(24)}`;
    publicKey = { id: serial, pem: pair.publicKey };
  }

  const orders = new Map<string, FakeOrder>();
  const requests: FakeRequest[] = [];
  let down: DownMode = false;
  let forged: ForgedAnswers | null = null;

  const signed = (body: string | Buffer, o: SigningOverrides = {}) =>
    signAsWechatPay(
      o.signWith === 'stranger' ? stranger() : gatewayKey,
      o.serial ?? serial,
      body,
      o.timestamp ?? now(),
    );

  const forgeries: Record<ForgedAnswers, (body: string) => Record<string, string>> = {
    'wrong-key': (body) => signed(body, { signWith: 'stranger' }),
    'unknown-serial': (body) => signed(body, { serial: `PUB_KEY_ID_${digits(30)}` }),
    stale: (body) => signed(body, { timestamp: new Date(now().getTime() - 10 * 60_000) }),
    tampered: (body) => signed(`${body} `),
    unsigned: () => ({}),
  };
  const answerHeaders = (body: string) => (forged ? forgeries[forged](body) : signed(body));
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
      { mchid, serial: merchantSerial, publicKey: merchantPublicKey, now: now() },
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
    const resource = sealResource(o.apiV3Key ?? apiV3Key, o.plaintext ?? JSON.stringify(plain));
    if (o.corruptCiphertext) {
      const sealed = Buffer.from(resource.ciphertext, 'base64');
      sealed[sealed.length - 1]! ^= 0x01;
      resource.ciphertext = sealed.toString('base64');
    }
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: beijing(now()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource,
    });
    const headers = { ...signed(body, o), 'content-type': 'application/json' };
    return { headers, body, rawBody: Buffer.from(body) };
  }

  return {
    baseUrl,
    config: {
      baseUrl,
      mchid,
      appid,
      merchantSerial,
      merchantPrivateKey: merchant.privateKey,
      apiV3Key,
      publicKey,
      platformCertificates,
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
    sign: (body, o) => signed(body, o),
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
