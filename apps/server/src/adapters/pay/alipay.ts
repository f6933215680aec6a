/**
 * Alipay face-to-face payment (当面付, `alipay.trade.precreate`) over the open-platform gateway, RSA2 signatures,
 * public-key mode (not certificate mode).
 */
import { readFileSync } from 'node:fs';
import { createPublicKey, type KeyObject } from 'node:crypto';
import type { Env } from '../../env.js';
import {
  fenToYuan,
  jsonValueText,
  parseShanghaiTime,
  rsa2Sign,
  rsa2Verify,
  rsaKeyFromText,
  shanghaiTime,
  signingString,
  yuanToFen,
} from './alipay-sign.js';
import {
  NotifyRejected,
  PayProviderError,
  type NotifyReply,
  type OrderState,
  type PayProvider,
  type PaymentNotice,
} from './provider.js';

/** What the provider needs of the merchant's Alipay application. */
export interface AlipayConfig {
  appId: string;
  /** The application's private key (应用私钥): signs every request. */
  privateKey: KeyObject;
  /** Alipay's public key (支付宝公钥), not the application's own: verifies answers and notifications. */
  alipayPublicKey: KeyObject;
  /** The merchant's PID (2088…); when set, notifications naming another seller are refused. */
  sellerId: string | null;
  /** https://openapi.alipay.com/gateway.do, or the sandbox's or a fake's. */
  gatewayUrl: string;
}

/** Test seams and tuning; production passes none. */
export interface AlipayProviderOptions {
  fetch?: typeof fetch;
  /** The request `timestamp`. */
  now?: () => Date;
  /** Whole-call limit, answer body included; default 10 s. */
  timeoutMs?: number;
}

/**
 * The Alipay configuration from the environment: reads the two key files (PEM, or the bare base64 the Alipay console
 * shows). Throws one Error naming every missing key, or the key whose file cannot be read or holds no usable key.
 */
export function alipayConfigFromEnv(env: Env): AlipayConfig {
  const required = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;
  const missing = required.filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new Error(`PAY_PROVIDER=alipay needs ${missing.join(', ')}`);
  const load = (name: 'ALIPAY_PRIVATE_KEY' | 'ALIPAY_PUBLIC_KEY', kind: 'private' | 'public') => {
    const path = env[name]!.trim();
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      throw new Error(`${name}: cannot read ${path}: ${(err as Error).message}`);
    }
    try {
      return rsaKeyFromText(text, kind);
    } catch (err) {
      throw new Error(`${name}: ${path} holds no usable RSA ${kind} key: ${(err as Error).message}`);
    }
  };
  const privateKey = load('ALIPAY_PRIVATE_KEY', 'private');
  const alipayPublicKey = load('ALIPAY_PUBLIC_KEY', 'public');
  // The console shows the application's public key next to Alipay's; configured in its place, every answer would be
  // refused as forged, which reads like an attack rather than a typo.
  if (createPublicKey(privateKey).equals(alipayPublicKey)) {
    throw new Error(
      "ALIPAY_PUBLIC_KEY is the application's own public key; it must be Alipay's public key (支付宝公钥)",
    );
  }
  return {
    appId: env.ALIPAY_APP_ID!.trim(),
    privateKey,
    alipayPublicKey,
    sellerId: env.ALIPAY_SELLER_ID?.trim() || null,
    gatewayUrl: env.ALIPAY_GATEWAY_URL,
  };
}

/** A gateway answer whose signature, when it carried one, verified. */
interface Reply {
  method: string;
  /** The response node as parsed from the verified text. */
  node: Record<string, unknown>;
  /** Whether it carried a signature (that verified). */
  signed: boolean;
  code: string;
  subCode: string;
}

const TEXT = 'text/plain; charset=utf-8';

/**
 * The Alipay provider. `query` answers `unpaid` for ACQ.TRADE_NOT_EXIST: a precreated order exists only on our side
 * until the payer scans the code, so Alipay does not know it before then (and never does if nobody scans). Answers
 * that lead to a conclusion (success, trade-not-exist, trade-status-error) must be signed; an unsigned error answer
 * (Alipay leaves some unsigned, e.g. 40002 invalid signature) can only ever yield `refused` or `unreachable`.
 */
export function alipayProvider(config: AlipayConfig, options: AlipayProviderOptions = {}): PayProvider {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(method: string, biz: Record<string, string>, extra: Record<string, string> = {}) {
    const params: Record<string, string> = {
      app_id: config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: shanghaiTime(now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    params.sign = rsa2Sign(signingString(params, ['sign']), config.privateKey);

    let status: number;
    let raw: string;
    try {
      const res = await fetchImpl(config.gatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      raw = await res.text();
    } catch (err) {
      const why = (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (err as Error).message;
      throw new PayProviderError('unreachable', `${method}: ${why}`);
    }
    if (status >= 500) throw new PayProviderError('unreachable', `${method}: HTTP ${status}`);
    if (status < 200 || status >= 300) throw new PayProviderError('refused', `${method}: HTTP ${status}`);
    return readReply(method, raw);
  }

  function readReply(method: string, raw: string): Reply {
    let whole: unknown;
    try {
      whole = JSON.parse(raw);
    } catch {
      // Alipay always answers JSON; anything else is a proxy's or load balancer's page, so the state stays unknown.
      throw new PayProviderError('unreachable', `${method}: the answer is not JSON`);
    }
    const nodeKey = `${method.replaceAll('.', '_')}_response`;
    const text = jsonValueText(raw, nodeKey) ?? jsonValueText(raw, 'error_response');
    let node: unknown;
    try {
      node = text === null ? null : JSON.parse(text);
    } catch {
      node = null;
    }
    if (!isRecord(node) || !isRecord(whole)) {
      throw new PayProviderError('unreachable', `${method}: the answer has no ${nodeKey}`);
    }
    const sign = whole.sign;
    const signed = typeof sign === 'string' && sign !== '';
    if (sign !== undefined && !(signed && rsa2Verify(text!, sign, config.alipayPublicKey))) {
      throw new PayProviderError('forged', `${method}: the answer's signature does not verify`);
    }
    const code = str(node.code);
    if (code === '10000' && !signed) throw new PayProviderError('forged', `${method}: unsigned success answer`);
    return { method, node, signed, code, subCode: str(node.sub_code) };
  }

  /** The error for an answer that is not a success the caller can use. */
  function failure(reply: Reply): PayProviderError {
    const { method, node, code, subCode } = reply;
    const detail = `${method}: ${code} ${str(node.msg)} ${subCode} ${str(node.sub_msg)}`.replace(/\s+/g, ' ').trim();
    if (code === '') return new PayProviderError('unreachable', `${method}: the answer has no code`);
    // 20000 is the gateway's "service currently unavailable"; ACQ.SYSTEM_ERROR its business systems' "try again".
    if (code === '20000' || subCode === 'ACQ.SYSTEM_ERROR') return new PayProviderError('unreachable', detail);
    return new PayProviderError('refused', detail);
  }

  /** A business error answer we draw a conclusion from must come from Alipay. */
  function mustBeSigned(reply: Reply): void {
    if (!reply.signed) throw new PayProviderError('forged', `${reply.method}: unsigned ${reply.subCode} answer`);
  }

  /** The answer must be about the order asked for: a signed answer for another order is a replay. */
  function sameOrder(reply: Reply, order: string): void {
    if (reply.node.out_trade_no !== order) {
      throw new PayProviderError('forged', `${reply.method}: answer for order ${str(reply.node.out_trade_no)}`);
    }
  }

  async function query(order: string): Promise<OrderState> {
    const reply = await call('alipay.trade.query', { out_trade_no: order });
    if (reply.code !== '10000') {
      if (reply.subCode === 'ACQ.TRADE_NOT_EXIST') {
        mustBeSigned(reply);
        return { state: 'unpaid' };
      }
      throw failure(reply);
    }
    sameOrder(reply, order);
    const { node } = reply;
    const state = tradeState(node.trade_status, node.trade_no, node.total_amount, node.send_pay_date, now);
    if (typeof state === 'string') throw new PayProviderError('unreachable', `alipay.trade.query: ${state}`);
    return state;
  }

  return {
    name: 'alipay',

    async create(input) {
      // fenToYuan throws a RangeError on a fractional or negative amount: a caller's bug, not a gateway answer.
      const reply = await call(
        'alipay.trade.precreate',
        {
          out_trade_no: input.order,
          total_amount: fenToYuan(input.amountFen),
          subject: input.title,
          time_expire: shanghaiTime(input.expiresAt),
        },
        { notify_url: input.notifyUrl },
      );
      if (reply.code !== '10000') throw failure(reply);
      sameOrder(reply, input.order);
      const qrCode = reply.node.qr_code;
      if (typeof qrCode !== 'string' || qrCode === '') {
        throw new PayProviderError('unreachable', 'alipay.trade.precreate: success without qr_code');
      }
      return { qrcodeText: qrCode, qrcodeUrl: qrCode };
    },

    query,

    async close(order) {
      const reply = await call('alipay.trade.close', { out_trade_no: order });
      if (reply.code === '10000') return 'closed';
      if (reply.subCode === 'ACQ.TRADE_NOT_EXIST') {
        // Nothing to close before the payer scans. The code stays payable until time_expire all the same, so a later
        // paid notification for a trade closed this way is still possible.
        mustBeSigned(reply);
        return 'closed';
      }
      if (reply.subCode === 'ACQ.TRADE_STATUS_ERROR') {
        // Alipay answers this both for a paid or finished trade and for one already closed; the query tells which.
        mustBeSigned(reply);
        return (await query(order)).state === 'closed' ? 'closed' : 'paid';
      }
      throw failure(reply);
    },

    async parseNotify(request): Promise<PaymentNotice> {
      const type = request.headers['content-type'];
      if (type !== undefined && !/^application\/x-www-form-urlencoded\b/i.test(type)) {
        throw new NotifyRejected(400, 'malformed', `content type ${type}`);
      }
      const params = new URLSearchParams(request.rawBody.toString('utf8'));
      const keys = [...params.keys()];
      if (keys.length === 0) throw new NotifyRejected(400, 'malformed', 'empty notification');
      if (new Set(keys).size !== keys.length) throw new NotifyRejected(400, 'malformed', 'a parameter given twice');
      const get = (k: string) => params.get(k) ?? '';

      const sign = get('sign');
      if (sign === '') throw new NotifyRejected(401, 'forged', 'unsigned notification');
      if (get('sign_type') !== 'RSA2') throw new NotifyRejected(401, 'forged', `sign_type ${get('sign_type')}`);
      if (!rsa2Verify(signingString(params, ['sign', 'sign_type']), sign, config.alipayPublicKey)) {
        throw new NotifyRejected(401, 'forged', "the notification's signature does not verify");
      }

      const absent = ['notify_id', 'notify_time', 'notify_type', 'app_id', 'out_trade_no', 'trade_status'].filter(
        (k) => get(k) === '',
      );
      if (absent.length > 0) throw new NotifyRejected(400, 'malformed', `missing ${absent.join(', ')}`);
      if (get('notify_type') !== 'trade_status_sync') {
        throw new NotifyRejected(400, 'malformed', `notify_type ${get('notify_type')}`);
      }
      const charset = get('charset');
      if (charset !== '' && charset.toLowerCase() !== 'utf-8') {
        throw new NotifyRejected(400, 'malformed', `charset ${charset}`);
      }
      if (get('app_id') !== config.appId) throw new NotifyRejected(400, 'mismatch', `app_id ${get('app_id')}`);
      if (config.sellerId !== null && get('seller_id') !== config.sellerId) {
        throw new NotifyRejected(400, 'mismatch', `seller_id ${get('seller_id')}`);
      }
      // No age check on notify_time: Alipay retries an unacknowledged notification for about 25 hours, so an old one
      // can be genuine. A replayed one is harmless: it only restates a verified fact, and the pay module applies a
      // trade's result once (one entitlement per trade).
      const paidAt = get('gmt_payment') || get('notify_time');
      const state = tradeState(get('trade_status'), get('trade_no'), get('total_amount'), paidAt, null);
      if (typeof state === 'string') throw new NotifyRejected(400, 'malformed', state);
      return { order: get('out_trade_no'), result: state, noticeId: get('notify_id') };
    },

    ack(): NotifyReply {
      return { status: 200, contentType: TEXT, body: 'success' };
    },

    nack(status): NotifyReply {
      // Alipay reads only the body: anything but exactly `success` makes it retry, whatever the status.
      return { status, contentType: TEXT, body: 'fail' };
    },
  };
}

/**
 * An Alipay trade_status and its payment fields as an OrderState, or a string saying what is wrong. `paidAt` missing
 * falls back to `fallbackNow` when given (the query's send_pay_date is documented but not promised).
 */
function tradeState(
  status: unknown,
  tradeNo: unknown,
  totalAmount: unknown,
  paidAt: unknown,
  fallbackNow: (() => Date) | null,
): OrderState | string {
  switch (status) {
    case 'WAIT_BUYER_PAY':
      return { state: 'unpaid' };
    case 'TRADE_CLOSED':
      // Also what Alipay reports after a full refund of a paid trade: the pay module keeps a paid trade paid.
      return { state: 'closed' };
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED': {
      if (typeof tradeNo !== 'string' || tradeNo === '') return 'paid without trade_no';
      const paidFen = typeof totalAmount === 'string' ? yuanToFen(totalAmount) : null;
      if (paidFen === null) return `total_amount ${String(totalAmount)} is not a yuan amount`;
      let at = typeof paidAt === 'string' ? parseShanghaiTime(paidAt) : null;
      if (at === null && (paidAt === undefined || paidAt === '') && fallbackNow) at = fallbackNow();
      if (at === null) return `payment time ${String(paidAt)} is not a time`;
      return { state: 'paid', providerTxnId: tradeNo, paidFen, paidAt: at };
    }
    default:
      return `trade_status ${String(status)}`;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);
}
