import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Env } from '../../env.js';
import {
  NotifyRejected,
  PayProviderError,
  type NotifyReply,
  type OrderState,
  type PayProvider,
  type PaymentNotice,
} from './provider.js';
import {
  authorization,
  beijingTime,
  checkSignature,
  decryptResource,
  hasSignatureHeaders,
  newNonce,
  verificationKeys,
  type SignatureCheck,
} from './wechatpay-crypto.js';

/** Everything the WeChat Pay APIv3 Native provider needs; PEMs as text, read once at start. */
export interface WechatPayConfig {
  /** https://api.mch.weixin.qq.com, or the fake gateway in tests. */
  baseUrl: string;
  mchid: string;
  appid: string;
  /** Serial number of the merchant API certificate (the Authorization's serial_no). */
  merchantSerial: string;
  /** The merchant API private key (PEM) that signs every request. */
  merchantPrivateKey: string;
  /** The APIv3 key: 32 bytes of UTF-8, decrypts notification resources. */
  apiV3Key: string;
  /** The WeChat Pay public key and its id (PUB_KEY_ID_…); null when platform certificates alone verify. */
  publicKey: { id: string; pem: string } | null;
  /** Platform certificates (PEM), each matched by its serial number; several while WeChat rotates them. */
  platformCertificates: string[];
}

const USER_AGENT = `gre-prep-server (WeChatPay-APIv3; Node.js ${process.version})`;

/** Gateway codes that say "not now" rather than "no": the call may be tried again as it is. */
const TRANSIENT_CODES = new Set(['SYSTEM_ERROR', 'FREQUENCY_LIMITED']);

const transactionSchema = z.object({
  appid: z.string().optional(),
  mchid: z.string().optional(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int().nonnegative().optional() }).optional(),
});
type Transaction = z.infer<typeof transactionSchema>;

const notificationSchema = z.object({
  id: z.string(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
  }),
});

/**
 * The order state a transaction reports; null when it cannot be read (an unknown trade_state, or SUCCESS without the
 * payment's id, amount or time). REFUND counts as paid: the order was paid, and refunds are settled elsewhere.
 */
function stateOf(tx: Transaction): OrderState | null {
  switch (tx.trade_state) {
    case 'SUCCESS':
    case 'REFUND': {
      const paidAt = tx.success_time ? new Date(tx.success_time) : null;
      const paidFen = tx.amount?.total;
      if (!tx.transaction_id || paidFen === undefined || !paidAt || Number.isNaN(paidAt.getTime())) return null;
      return { state: 'paid', providerTxnId: tx.transaction_id, paidFen, paidAt };
    }
    case 'NOTPAY':
    case 'USERPAYING':
      return { state: 'unpaid' };
    case 'CLOSED':
    case 'REVOKED':
      return { state: 'closed' };
    case 'PAYERROR':
      return { state: 'failed' };
    default:
      return null;
  }
}

/** A gateway answer that passed its signature check: 2xx with its JSON (null for 204), or the error's code. */
type Answer =
  | { ok: true; status: number; data: unknown }
  | { ok: false; status: number; code: string; message: string; requestId: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const FORGED_ANSWER: Record<Exclude<SignatureCheck, 'ok'>, string> = {
  unsigned: 'an answer without the Wechatpay signature headers',
  'unknown-serial': 'an answer signed under an unknown Wechatpay-Serial',
  'bad-signature': 'an answer whose signature does not verify',
  stale: 'an answer whose Wechatpay-Timestamp is more than 5 minutes off',
  'bad-timestamp': 'an answer with an unreadable Wechatpay-Timestamp',
};

/**
 * WeChat Pay APIv3 Native: the QR code is the order's code_url. Every request is signed with the merchant key; every
 * answer that carries the Wechatpay-* headers is verified against the WeChat Pay public key or a platform certificate
 * (by Wechatpay-Serial), and a 2xx with a body must carry them. Error answers and 204s without the headers are taken
 * unverified, as the official SDKs take non-2xx answers: the gateway does not sign all of them (never a SIGN_ERROR).
 * An ORDERPAID only sends the caller to a query, whose answer must be signed; an unsigned ORDER_NOT_EXIST or 204 is
 * trusted as far as the TLS connection to the gateway is.
 *
 * `query` reports an order the gateway does not know (404 ORDER_NOT_EXIST) as unpaid: never created, or not yet
 * visible; the pay module treats both as unpaid.
 */
export function wechatPayProvider(
  config: WechatPayConfig,
  options: { fetch?: typeof fetch; now?: () => Date; timeoutMs?: number } = {},
): PayProvider & { readonly name: 'wechatpay' } {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 10_000;
  const merchantKey = createPrivateKey(config.merchantPrivateKey);
  const keys = verificationKeys(config.publicKey, config.platformCertificates);
  const apiV3Key = Buffer.from(config.apiV3Key, 'utf8');
  if (apiV3Key.length !== 32) throw new Error('The WeChat Pay APIv3 key must be 32 bytes');
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const orderPath = (order: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(order)}`;

  async function call(method: 'GET' | 'POST', url: string, body?: object): Promise<Answer> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const auth = authorization({
      mchid: config.mchid,
      serial: config.merchantSerial,
      privateKey: merchantKey,
      method,
      url,
      body: text,
      timestamp,
      nonce: newNonce(),
    });
    let status: number;
    let headers: Headers;
    let raw: Buffer;
    try {
      const res = await doFetch(baseUrl + url, {
        method,
        headers: {
          Authorization: auth,
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'User-Agent': USER_AGENT,
        },
        ...(body === undefined ? {} : { body: text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      headers = res.headers;
      raw = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      throw new PayProviderError('unreachable', `WeChat Pay ${method} ${url}: ${(err as Error).message}`);
    }
    const requestId = headers.get('request-id') ?? '';
    // A 5xx leaves the order's state unknown, signed or not: nothing to verify, only to try again.
    if (status >= 500) {
      throw new PayProviderError(
        'unreachable',
        `WeChat Pay ${method} ${url}: HTTP ${status} (Request-ID ${requestId})`,
      );
    }
    const header = (name: string) => headers.get(name);
    const ok = status >= 200 && status < 300;
    if (hasSignatureHeaders(header) || (ok && raw.length > 0)) {
      const check = checkSignature(keys, header, raw, now());
      if (check !== 'ok') {
        throw new PayProviderError('forged', `WeChat Pay ${method} ${url}: ${FORGED_ANSWER[check]}`);
      }
    }
    const data = raw.length > 0 ? parseJson(raw.toString('utf8')) : null;
    if (ok) {
      if (data === undefined) throw unreadable(method, url);
      return { ok: true, status, data };
    }
    const error = z.object({ code: z.string(), message: z.string().optional() }).safeParse(data);
    return {
      ok: false,
      status,
      code: error.success ? error.data.code : '',
      message: error.success ? (error.data.message ?? '') : raw.toString('utf8').slice(0, 200),
      requestId,
    };
  }

  function unreadable(method: string, url: string): PayProviderError {
    // The state is unknown, as with a network error: try again rather than conclude anything.
    return new PayProviderError('unreachable', `WeChat Pay ${method} ${url}: an answer that cannot be read`);
  }

  function refusal(answer: Extract<Answer, { ok: false }>, what: string): PayProviderError {
    const detail = `WeChat Pay ${what}: HTTP ${answer.status} ${answer.code || '(no code)'} ${answer.message} (Request-ID ${answer.requestId})`;
    const transient = answer.status === 429 || TRANSIENT_CODES.has(answer.code);
    return new PayProviderError(transient ? 'unreachable' : 'refused', detail);
  }

  return {
    name: 'wechatpay',

    async create(input) {
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen < 1) {
        throw new PayProviderError('refused', `WeChat Pay create: ${input.amountFen} is not a whole number of fen ≥ 1`);
      }
      const url = '/v3/pay/transactions/native';
      const answer = await call('POST', url, {
        appid: config.appid,
        mchid: config.mchid,
        description: input.title,
        out_trade_no: input.order,
        time_expire: beijingTime(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
      });
      if (!answer.ok) throw refusal(answer, `create ${input.order}`);
      const parsed = z.object({ code_url: z.string().min(1) }).safeParse(answer.data);
      if (!parsed.success) throw unreadable('POST', url);
      return { qrcodeText: parsed.data.code_url, qrcodeUrl: null };
    },

    async query(order) {
      const url = `${orderPath(order)}?mchid=${encodeURIComponent(config.mchid)}`;
      const answer = await call('GET', url);
      if (!answer.ok) {
        if (answer.code === 'ORDER_NOT_EXIST') return { state: 'unpaid' };
        throw refusal(answer, `query ${order}`);
      }
      const parsed = transactionSchema.safeParse(answer.data);
      if (!parsed.success || parsed.data.out_trade_no !== order) throw unreadable('GET', url);
      const state = stateOf(parsed.data);
      if (!state) throw unreadable('GET', url);
      return state;
    },

    async close(order) {
      const answer = await call('POST', `${orderPath(order)}/close`, { mchid: config.mchid });
      if (answer.ok) return 'closed';
      if (answer.code === 'ORDERPAID') return 'paid';
      if (answer.code === 'ORDER_NOT_EXIST') return 'closed';
      throw refusal(answer, `close ${order}`);
    },

    async parseNotify(request): Promise<PaymentNotice> {
      // WeChat also sends deliberately wrong signatures (WECHATPAY/SIGNTEST/…) to check that merchants verify: the
      // 401 they get here is the answer it expects.
      const header = (name: string) => request.headers[name];
      const check = checkSignature(keys, header, request.rawBody, now());
      if (check === 'stale') throw new NotifyRejected(400, 'stale', 'Wechatpay-Timestamp is more than 5 minutes off');
      if (check === 'bad-timestamp') throw new NotifyRejected(400, 'malformed', 'unreadable Wechatpay-Timestamp');
      if (check !== 'ok') throw new NotifyRejected(401, 'forged', `signature check failed: ${check}`);

      const envelope = notificationSchema.safeParse(parseJson(request.rawBody.toString('utf8')));
      if (!envelope.success) throw new NotifyRejected(400, 'malformed', 'not a WeChat Pay payment notification');
      const plaintext = decryptResource(apiV3Key, envelope.data.resource);
      // The signature held, so a failing tag means the resource was sealed with another APIv3 key.
      if (plaintext === null)
        throw new NotifyRejected(401, 'forged', 'the resource does not decrypt with our APIv3 key');
      const tx = transactionSchema.safeParse(parseJson(plaintext));
      if (!tx.success) throw new NotifyRejected(400, 'malformed', 'the resource is not a transaction');
      if (tx.data.appid !== config.appid || tx.data.mchid !== config.mchid) {
        throw new NotifyRejected(400, 'mismatch', `for appid ${tx.data.appid}, mchid ${tx.data.mchid}`);
      }
      const result = stateOf(tx.data);
      if (!result) throw new NotifyRejected(400, 'malformed', `unreadable trade_state ${tx.data.trade_state}`);
      return { order: tx.data.out_trade_no, result, noticeId: envelope.data.id };
    },

    ack(): NotifyReply {
      return { status: 204, contentType: 'application/json', body: '' };
    },

    nack(status, message): NotifyReply {
      return { status, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message }) };
    },
  };
}

const REQUIRED_KEYS = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_MERCHANT_SERIAL',
  'WECHATPAY_MERCHANT_PRIVATE_KEY',
  'WECHATPAY_APIV3_KEY',
] as const;

/**
 * The provider's configuration from the environment (PAY_PROVIDER=wechatpay), PEM files read and parsed now so a bad
 * key fails the start rather than the first payment. Throws one Error naming every missing key, or else every
 * unusable one.
 */
export function wechatPayConfigFromEnv(env: Env): WechatPayConfig {
  const missing: string[] = REQUIRED_KEYS.filter((key) => !env[key]);
  const certPaths = (env.WECHATPAY_PLATFORM_CERTS ?? '')
    .split(',')
    .map((path) => path.trim())
    .filter(Boolean);
  if (env.WECHATPAY_PUBLIC_KEY && !env.WECHATPAY_PUBLIC_KEY_ID) missing.push('WECHATPAY_PUBLIC_KEY_ID');
  else if (!env.WECHATPAY_PUBLIC_KEY && env.WECHATPAY_PUBLIC_KEY_ID) missing.push('WECHATPAY_PUBLIC_KEY');
  else if (!env.WECHATPAY_PUBLIC_KEY && certPaths.length === 0) {
    missing.push('WECHATPAY_PUBLIC_KEY with WECHATPAY_PUBLIC_KEY_ID (or WECHATPAY_PLATFORM_CERTS)');
  }
  if (missing.length > 0) throw new Error(`PAY_PROVIDER=wechatpay needs ${missing.join(', ')}`);

  const problems: string[] = [];
  /** The file's PEM if it reads and `parse` accepts it; else a problem naming the key and the path. */
  const pem = (key: string, path: string, parse: (text: string) => void): string => {
    try {
      const text = readFileSync(path, 'utf8');
      parse(text);
      return text;
    } catch (err) {
      problems.push(`${key} (${path}): ${(err as Error).message}`);
      return '';
    }
  };
  const merchantPrivateKey = pem('WECHATPAY_MERCHANT_PRIVATE_KEY', env.WECHATPAY_MERCHANT_PRIVATE_KEY!, (text) => {
    if (createPrivateKey(text).asymmetricKeyType !== 'rsa') throw new Error('not an RSA private key');
  });
  const apiV3Key = env.WECHATPAY_APIV3_KEY!;
  if (Buffer.byteLength(apiV3Key, 'utf8') !== 32) {
    problems.push(`WECHATPAY_APIV3_KEY must be 32 bytes, not ${Buffer.byteLength(apiV3Key, 'utf8')}`);
  }
  let publicKey: WechatPayConfig['publicKey'] = null;
  if (env.WECHATPAY_PUBLIC_KEY && env.WECHATPAY_PUBLIC_KEY_ID) {
    if (!env.WECHATPAY_PUBLIC_KEY_ID.startsWith('PUB_KEY_ID_')) {
      problems.push(`WECHATPAY_PUBLIC_KEY_ID must start with PUB_KEY_ID_, not ${env.WECHATPAY_PUBLIC_KEY_ID}`);
    }
    publicKey = {
      id: env.WECHATPAY_PUBLIC_KEY_ID,
      pem: pem('WECHATPAY_PUBLIC_KEY', env.WECHATPAY_PUBLIC_KEY, (text) => void createPublicKey(text)),
    };
  }
  const platformCertificates = certPaths.map((path) =>
    pem('WECHATPAY_PLATFORM_CERTS', path, (text) => void new X509Certificate(text)),
  );
  if (problems.length > 0) throw new Error(`PAY_PROVIDER=wechatpay: ${problems.join('; ')}`);
  return {
    baseUrl: env.WECHATPAY_BASE_URL,
    mchid: env.WECHATPAY_MCHID!,
    appid: env.WECHATPAY_APPID!,
    merchantSerial: env.WECHATPAY_MERCHANT_SERIAL!,
    merchantPrivateKey,
    apiV3Key,
    publicKey,
    platformCertificates,
  };
}
