import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.js';
import {
  NotifyRejected,
  PayProviderError,
  type CreateOrderInput,
  type NotifyRequest,
  type PaymentNotice,
  type PayProvider,
} from './provider.js';
import { wechatPayConfigFromEnv, wechatPayProvider, type WechatPayConfig } from './wechatpay.js';
import { authorization, beijingTime, checkSignature, decryptResource, verificationKeys } from './wechatpay-crypto.js';
import {
  opensslAvailable,
  sealResource,
  signAsWechatPay,
  startFakeWechatPay,
  verifyMerchantAuthorization,
  type FakeWechatPay,
  type TradeState,
} from './wechatpay.fake.js';

let seq = 0;
/** A fresh out_trade_no: 6–32 characters of [0-9A-Za-z]. */
const newOrder = () => `GRE${Date.now()}${String(seq++).padStart(4, '0')}`;

function orderInput(order: string, overrides: Partial<CreateOrderInput> = {}): CreateOrderInput {
  return {
    order,
    amountFen: 19_900,
    title: 'GRE 备考 VIP 会员（90 天）',
    expiresAt: new Date(Date.now() + 15 * 60_000),
    notifyUrl: 'https://gre.example.com/api/pay/notify/wechatpay',
    ...overrides,
  };
}

async function failure<T extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => T): Promise<T> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(type);
  return err as T;
}
const providerError = (promise: Promise<unknown>) => failure(promise, PayProviderError);
const rejected = (promise: Promise<unknown>) => failure(promise, NotifyRejected);

let fake: FakeWechatPay;
let wechat: PayProvider;

beforeAll(async () => {
  fake = await startFakeWechatPay();
  wechat = wechatPayProvider(fake.config);
});
afterAll(() => fake.close());
afterEach(() => {
  fake.setDown(false);
  fake.forgeAnswers(null);
});

/** An order created through the adapter, so the fake holds it as the merchant sent it. */
async function created(overrides: Partial<CreateOrderInput> = {}): Promise<string> {
  const order = newOrder();
  await wechat.create(orderInput(order, overrides));
  return order;
}

describe('create, query, close against the fake gateway', () => {
  it('creates a Native order and returns its code_url; the gateway got fen, Beijing time and our ids', async () => {
    const order = newOrder();
    const expiresAt = new Date('2036-11-25T06:15:00.400Z');
    const qr = await wechat.create(orderInput(order, { expiresAt }));
    expect(qr.qrcodeText).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=\w+$/);
    expect(qr.qrcodeUrl).toBeNull();
    const held = fake.orders.get(order)!;
    expect(held).toMatchObject({
      appid: fake.config.appid,
      mchid: fake.config.mchid,
      description: 'GRE 备考 VIP 会员（90 天）',
      timeExpire: '2036-11-25T14:15:00+08:00',
      notifyUrl: 'https://gre.example.com/api/pay/notify/wechatpay',
      totalFen: 19_900,
      codeUrl: qr.qrcodeText,
    });
  });

  it('gets the same code_url for a retry; a reused number with other content is refused', async () => {
    const order = newOrder();
    const first = await wechat.create(orderInput(order));
    expect(await wechat.create(orderInput(order))).toEqual(first);
    const err = await providerError(wechat.create(orderInput(order, { amountFen: 1 })));
    expect(err.reason).toBe('refused');
    expect(err.message).toContain('INVALID_REQUEST');
  });

  it("is refused with the gateway's code when the order breaks its rules, and never sends a fraction of a fen", async () => {
    const err = await providerError(wechat.create(orderInput('abc')));
    expect(err.reason).toBe('refused');
    expect(err.message).toContain('PARAM_ERROR');
    expect((await providerError(wechat.create(orderInput(newOrder(), { amountFen: 0.5 })))).reason).toBe('refused');
  });

  it('is refused (SIGN_ERROR) when signing with a key the gateway does not know', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const stranger = wechatPayProvider({ ...fake.config, merchantPrivateKey: other.toString() });
    const err = await providerError(stranger.query(newOrder()));
    expect(err.reason).toBe('refused');
    expect(err.message).toContain('SIGN_ERROR');
  });

  it('is refused when our clock is more than 5 minutes off the gateway', async () => {
    const late = wechatPayProvider(fake.config, { now: () => new Date(Date.now() - 10 * 60_000) });
    expect((await providerError(late.query(newOrder()))).message).toContain('SIGN_ERROR');
  });

  it('queries an order the gateway never saw as unpaid', async () => {
    expect(await wechat.query(newOrder())).toEqual({ state: 'unpaid' });
  });

  it.each<[TradeState, string]>([
    ['NOTPAY', 'unpaid'],
    ['USERPAYING', 'unpaid'],
    ['CLOSED', 'closed'],
    ['REVOKED', 'closed'],
    ['PAYERROR', 'failed'],
    ['SUCCESS', 'paid'],
    ['REFUND', 'paid'],
  ])('queries trade_state %s as %s', async (tradeState, state) => {
    const order = await created();
    fake.setTradeState(order, tradeState);
    expect((await wechat.query(order)).state).toBe(state);
  });

  it('reads a paid order: transaction_id, amount.total in fen (what the gateway says), success_time', async () => {
    const order = await created();
    const tx = fake.pay(order, { totalFen: 19_800 });
    expect(await wechat.query(order)).toEqual({
      state: 'paid',
      providerTxnId: tx.transaction_id,
      paidFen: 19_800,
      paidAt: new Date(tx.success_time!),
    });
  });

  it("closes an open order, and an order the gateway never saw; a paid one answers 'paid'", async () => {
    const open = await created();
    expect(await wechat.close(open)).toBe('closed');
    expect(fake.orders.get(open)!.tradeState).toBe('CLOSED');
    expect(await wechat.close(newOrder())).toBe('closed');
    const paid = await created();
    fake.pay(paid);
    expect(await wechat.close(paid)).toBe('paid');
    expect(fake.orders.get(paid)!.tradeState).toBe('SUCCESS');
  });
});

describe('answers that are not what the gateway signed', () => {
  it.each(['wrong-key', 'unknown-serial', 'stale', 'tampered', 'unsigned'] as const)(
    '%s: create and query are forged',
    async (mode) => {
      const order = await created();
      fake.forgeAnswers(mode);
      expect((await providerError(wechat.create(orderInput(newOrder())))).reason).toBe('forged');
      expect((await providerError(wechat.query(order))).reason).toBe('forged');
    },
  );

  it('a forged ORDER_NOT_EXIST is not taken as unpaid, nor a forged 204 as closed', async () => {
    const order = await created();
    fake.forgeAnswers('wrong-key');
    expect((await providerError(wechat.query(newOrder()))).reason).toBe('forged');
    fake.forgeAnswers('tampered');
    expect((await providerError(wechat.close(order))).reason).toBe('forged');
  });

  it('takes a 204 that carries no signature headers (the gateway does not sign every one)', async () => {
    const order = await created();
    fake.forgeAnswers('unsigned');
    expect(await wechat.close(order)).toBe('closed');
  });
});

describe('an unreachable gateway', () => {
  it.each([true, 'drop', 'hang', 'throttle'] as const)(
    'down (%s): create, query and close are unreachable, never unpaid',
    async (mode) => {
      const order = await created();
      const quick = wechatPayProvider(fake.config, { timeoutMs: 300 });
      fake.setDown(mode);
      expect((await providerError(quick.create(orderInput(newOrder())))).reason).toBe('unreachable');
      expect((await providerError(quick.query(order))).reason).toBe('unreachable');
      expect((await providerError(quick.close(order))).reason).toBe('unreachable');
    },
  );

  it('a closed port is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = wechatPayProvider({ ...fake.config, baseUrl: `http://127.0.0.1:${port}` });
    expect((await providerError(nowhere.query(newOrder()))).reason).toBe('unreachable');
  });
});

describe('notifications', () => {
  async function paidOrder(): Promise<string> {
    const order = await created();
    fake.pay(order);
    return order;
  }

  it('reads a genuine notification: order, paid state and the notice id', async () => {
    const order = await paidOrder();
    const note = fake.notification(order);
    const notice = await wechat.parseNotify(note);
    const tx = fake.transaction(order);
    expect(notice).toEqual({
      order,
      result: {
        state: 'paid',
        providerTxnId: tx.transaction_id,
        paidFen: 19_900,
        paidAt: new Date(tx.success_time!),
      },
      noticeId: (JSON.parse(note.body) as { id: string }).id,
    });
  });

  it('reports the amount the gateway says was paid, even when it differs from the order', async () => {
    const order = await paidOrder();
    const notice = await wechat.parseNotify(fake.notification(order, { totalFen: 1 }));
    expect(notice.result).toMatchObject({ state: 'paid', paidFen: 1 });
  });

  it('accepts a notification over real HTTP and answers 204 with no body; a forged one gets 401 FAIL', async () => {
    const notices: PaymentNotice[] = [];
    const app: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const request: NotifyRequest = {
          rawBody: Buffer.concat(chunks),
          headers: req.headers as NotifyRequest['headers'],
        };
        wechat
          .parseNotify(request)
          .then(
            (notice) => {
              notices.push(notice);
              return wechat.ack();
            },
            (err: Error) => wechat.nack(err instanceof NotifyRejected ? err.status : 500, err.message),
          )
          .then((reply) => res.writeHead(reply.status, { 'content-type': reply.contentType }).end(reply.body))
          .catch(() => res.destroy());
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/pay/notify/wechatpay`;
    try {
      const order = await paidOrder();
      expect(await fake.sendNotification(order, url)).toEqual({ status: 204, body: '' });
      expect(notices.map((n) => n.order)).toEqual([order]);
      const forged = await fake.sendNotification(order, url, { signWith: 'stranger' });
      expect(forged.status).toBe(401);
      expect(JSON.parse(forged.body)).toMatchObject({ code: 'FAIL' });
    } finally {
      await new Promise((resolve) => app.close(resolve));
    }
  });

  it('maps the trade state like a query', async () => {
    const order = await created();
    const read = async (tradeState: TradeState) =>
      (await wechat.parseNotify(fake.notification(order, { tradeState }))).result.state;
    expect(await read('NOTPAY')).toBe('unpaid');
    expect(await read('CLOSED')).toBe('closed');
    expect(await read('PAYERROR')).toBe('failed');
    fake.pay(order);
    expect(await read('REFUND')).toBe('paid');
  });

  it('rejects a body changed after signing, as forged (401)', async () => {
    const note = fake.notification(await paidOrder());
    const rawBody = Buffer.from(note.body.replace('"summary":"支付成功"', '"summary":"支付成功 "'));
    expect(rawBody.equals(note.rawBody)).toBe(false);
    expect(await rejected(wechat.parseNotify({ ...note, rawBody }))).toMatchObject({ status: 401, reason: 'forged' });
  });

  it('rejects a signature by another key, an unknown serial, or no signature, as forged', async () => {
    const order = await paidOrder();
    for (const overrides of [{ signWith: 'stranger' as const }, { serial: 'PUB_KEY_ID_0000000000000000000000' }]) {
      const err = await rejected(wechat.parseNotify(fake.notification(order, overrides)));
      expect(err).toMatchObject({ status: 401, reason: 'forged' });
    }
    const unsigned = { rawBody: fake.notification(order).rawBody, headers: { 'content-type': 'application/json' } };
    expect(await rejected(wechat.parseNotify(unsigned))).toMatchObject({ status: 401, reason: 'forged' });
  });

  it('rejects a timestamp more than 5 minutes either way as stale (400); 4 minutes is fine', async () => {
    const order = await paidOrder();
    for (const offset of [-6 * 60_000, 6 * 60_000]) {
      const note = fake.notification(order, { timestamp: new Date(Date.now() + offset) });
      expect(await rejected(wechat.parseNotify(note))).toMatchObject({ status: 400, reason: 'stale' });
    }
    const note = fake.notification(order, { timestamp: new Date(Date.now() - 4 * 60_000) });
    expect((await wechat.parseNotify(note)).order).toBe(order);
  });

  it('rejects a resource sealed with another APIv3 key, or with a broken tag, as forged', async () => {
    const order = await paidOrder();
    for (const overrides of [{ apiV3Key: 'x'.repeat(32) }, { corruptCiphertext: true }]) {
      const err = await rejected(wechat.parseNotify(fake.notification(order, overrides)));
      expect(err).toMatchObject({ status: 401, reason: 'forged' });
    }
  });

  it('rejects a transaction for another appid or mchid as a mismatch (400)', async () => {
    const order = await paidOrder();
    for (const overrides of [{ appid: 'wx0000000000000000' }, { mchid: '1900000000' }]) {
      const err = await rejected(wechat.parseNotify(fake.notification(order, overrides)));
      expect(err).toMatchObject({ status: 400, reason: 'mismatch' });
    }
  });

  it('rejects what cannot be read as malformed (400), even when correctly signed', async () => {
    const order = await paidOrder();
    const signedBody = (body: string): NotifyRequest => ({ rawBody: Buffer.from(body), headers: fake.sign(body) });
    const cases: NotifyRequest[] = [
      signedBody('{"id":"EV-1","resource":'),
      signedBody('{"id":"EV-1","resource":{"algorithm":"AEAD_AES_128_CBC","ciphertext":"","nonce":""}}'),
      fake.notification(order, { plaintext: 'not json' }),
      fake.notification(order, { plaintext: JSON.stringify({ ...fake.transaction(order), trade_state: 'LOST' }) }),
      fake.notification(order, {
        plaintext: JSON.stringify({ ...fake.transaction(order), transaction_id: undefined }),
      }),
    ];
    for (const request of cases) {
      expect(await rejected(wechat.parseNotify(request))).toMatchObject({ status: 400, reason: 'malformed' });
    }
  });

  it('answers WeChat: 204 with no body to take it, {code: FAIL} to refuse', () => {
    expect(wechat.ack()).toEqual({ status: 204, contentType: 'application/json', body: '' });
    expect(wechat.nack(500, '稍后再试')).toEqual({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'FAIL', message: '稍后再试' }),
    });
  });
});

describe.skipIf(!opensslAvailable())('a gateway that signs with a platform certificate', () => {
  let certFake: FakeWechatPay;
  let certWechat: PayProvider;
  beforeAll(async () => {
    certFake = await startFakeWechatPay({ signer: 'platform-certificate' });
    certWechat = wechatPayProvider(certFake.config);
  });
  afterAll(() => certFake.close());

  it('is verified by the serial of the certificate (hex, upper-case)', async () => {
    expect(certFake.serial).toMatch(/^[0-9A-F]{40}$/);
    expect(certFake.config.publicKey).toBeNull();
    const order = newOrder();
    await certWechat.create(orderInput(order));
    certFake.pay(order);
    expect((await certWechat.query(order)).state).toBe('paid');
    expect(await certWechat.close(order)).toBe('paid');
    expect((await certWechat.parseNotify(certFake.notification(order))).order).toBe(order);
  });

  it('matches a serial written in lower case, and takes either kind of key during a migration', async () => {
    const both = wechatPayProvider({ ...certFake.config, publicKey: fake.config.publicKey });
    const order = newOrder();
    await both.create(orderInput(order));
    certFake.pay(order);
    const lower = certFake.notification(order, { serial: certFake.serial.toLowerCase() });
    expect((await both.parseNotify(lower)).order).toBe(order);
    // The same notification signed by the other gateway's public key, under its PUB_KEY_ID_ serial.
    const note = certFake.notification(order);
    const byPublicKey = { ...note, headers: fake.sign(note.rawBody) };
    expect(byPublicKey.headers['wechatpay-serial']).toMatch(/^PUB_KEY_ID_/);
    expect((await both.parseNotify(byPublicKey)).order).toBe(order);
    expect((await rejected(certWechat.parseNotify(byPublicKey))).reason).toBe('forged');
  });

  it('is forged for a provider that only knows the public key', async () => {
    const order = newOrder();
    await certWechat.create(orderInput(order));
    const publicKeyOnly = wechatPayProvider({
      ...certFake.config,
      publicKey: fake.config.publicKey,
      platformCertificates: [],
    });
    expect((await providerError(publicKeyOnly.query(order))).reason).toBe('forged');
  });
});

describe('configuration from the environment', () => {
  let dir: string;
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wechatpay-env-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const base = () => ({
    PAY_PROVIDER: 'wechatpay',
    WECHATPAY_MCHID: fake.config.mchid,
    WECHATPAY_APPID: fake.config.appid,
    WECHATPAY_MERCHANT_SERIAL: fake.config.merchantSerial,
    WECHATPAY_MERCHANT_PRIVATE_KEY: file('apiclient_key.pem', fake.config.merchantPrivateKey),
    WECHATPAY_APIV3_KEY: fake.config.apiV3Key,
    WECHATPAY_PUBLIC_KEY: file('pub_key.pem', fake.config.publicKey!.pem),
    WECHATPAY_PUBLIC_KEY_ID: fake.config.publicKey!.id,
    WECHATPAY_BASE_URL: fake.baseUrl,
  });

  it('reads a working configuration from PEM files', async () => {
    const config = wechatPayConfigFromEnv(loadEnv(base()));
    expect(config).toEqual<WechatPayConfig>(fake.config);
    const order = newOrder();
    await wechatPayProvider(config).create(orderInput(order));
    expect(fake.orders.has(order)).toBe(true);
  });

  it('names every missing key at once', () => {
    expect(() => wechatPayConfigFromEnv(loadEnv({ PAY_PROVIDER: 'wechatpay' }))).toThrow(
      'PAY_PROVIDER=wechatpay needs WECHATPAY_MCHID, WECHATPAY_APPID, WECHATPAY_MERCHANT_SERIAL, ' +
        'WECHATPAY_MERCHANT_PRIVATE_KEY, WECHATPAY_APIV3_KEY, WECHATPAY_PUBLIC_KEY with WECHATPAY_PUBLIC_KEY_ID ' +
        '(or WECHATPAY_PLATFORM_CERTS)',
    );
    expect(() => wechatPayConfigFromEnv(loadEnv({ ...base(), WECHATPAY_PUBLIC_KEY_ID: '' }))).toThrow(
      /needs WECHATPAY_PUBLIC_KEY_ID$/,
    );
    expect(() => wechatPayConfigFromEnv(loadEnv({ ...base(), WECHATPAY_PUBLIC_KEY: undefined }))).toThrow(
      /needs WECHATPAY_PUBLIC_KEY$/,
    );
  });

  it('names every unusable value: APIv3 key length, key id, unreadable or unparsable files', () => {
    let message = '';
    try {
      wechatPayConfigFromEnv(
        loadEnv({
          ...base(),
          WECHATPAY_APIV3_KEY: 'short',
          WECHATPAY_PUBLIC_KEY_ID: '0123456789',
          WECHATPAY_MERCHANT_PRIVATE_KEY: join(dir, 'absent.pem'),
          WECHATPAY_PUBLIC_KEY: file('garbage.pem', 'not a key'),
        }),
      );
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('WECHATPAY_APIV3_KEY must be 32 bytes, not 5');
    expect(message).toContain('WECHATPAY_PUBLIC_KEY_ID must start with PUB_KEY_ID_');
    expect(message).toContain(`WECHATPAY_MERCHANT_PRIVATE_KEY (${join(dir, 'absent.pem')})`);
    expect(message).toContain(`WECHATPAY_PUBLIC_KEY (${join(dir, 'garbage.pem')})`);
  });

  it('counts the APIv3 key in UTF-8 bytes', () => {
    expect(() => wechatPayConfigFromEnv(loadEnv({ ...base(), WECHATPAY_APIV3_KEY: '密'.repeat(11) }))).toThrow(
      'must be 32 bytes, not 33',
    );
  });

  it.skipIf(!opensslAvailable())(
    'reads platform certificates, comma-separated, instead of the public key',
    async () => {
      const certFake = await startFakeWechatPay({ signer: 'platform-certificate' });
      try {
        const env = loadEnv({
          ...base(),
          WECHATPAY_PUBLIC_KEY: '',
          WECHATPAY_PUBLIC_KEY_ID: '',
          WECHATPAY_PLATFORM_CERTS: ` ${file('cert-a.pem', certFake.config.platformCertificates[0]!)} ,`,
        });
        const config = wechatPayConfigFromEnv(env);
        expect(config.publicKey).toBeNull();
        expect(config.platformCertificates).toEqual(certFake.config.platformCertificates);
        const broken = { ...env, WECHATPAY_PLATFORM_CERTS: file('cert-b.pem', 'no certificate') };
        expect(() => wechatPayConfigFromEnv(broken)).toThrow('WECHATPAY_PLATFORM_CERTS');
      } finally {
        await certFake.close();
      }
    },
  );
});

describe('signatures and sealing round-trip for any body', () => {
  const body = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc.stringMatching(/^[\u4e00-\u9fa5，。！？、a-z0-9 "{}:\n]{0,80}$/),
    fc.json(),
  );

  it("the gateway verifies the merchant's Authorization, and nothing else", () => {
    const privateKey = createPrivateKey(fake.config.merchantPrivateKey);
    const publicKey = createPublicKey(privateKey);
    const { mchid, merchantSerial: serial } = fake.config;
    const gateway = { mchid, serial, publicKey, now: new Date() };
    fc.assert(
      fc.property(body, fc.constantFrom('GET', 'POST'), (text, method) => {
        const url = '/v3/pay/transactions/out-trade-no/GRE1?mchid=1';
        const timestamp = String(Math.floor(Date.now() / 1000));
        const nonce = 'N0NCE';
        const auth = authorization({ mchid, serial, privateKey, method, url, body: text, timestamp, nonce });
        expect(verifyMerchantAuthorization(auth, gateway, method, url, Buffer.from(text))).toBeNull();
        const altered = Buffer.from(`${text}x`);
        expect(verifyMerchantAuthorization(auth, gateway, method, url, altered)).toBe('signature mismatch');
      }),
      { numRuns: 60 },
    );
  });

  it("the merchant verifies the gateway's signature, and nothing else; a resource decrypts to what was sealed", () => {
    const keys = verificationKeys(fake.config.publicKey, []);
    const gatewayKey = createPrivateKey(
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    const ownKeys = new Map([[fake.serial, createPublicKey(gatewayKey)]]);
    const now = new Date();
    fc.assert(
      fc.property(body, (text) => {
        const raw = Buffer.from(text);
        const headers = signAsWechatPay(gatewayKey, fake.serial, raw, now);
        const header = (name: string) => headers[name];
        expect(checkSignature(ownKeys, header, raw, now)).toBe('ok');
        expect(checkSignature(ownKeys, header, Buffer.concat([raw, Buffer.from(' ')]), now)).toBe('bad-signature');
        // Same serial, another key: the fake gateway's real public key does not verify it.
        expect(checkSignature(keys, header, raw, now)).toBe('bad-signature');
        const sealed = sealResource(fake.config.apiV3Key, text);
        expect(decryptResource(Buffer.from(fake.config.apiV3Key), sealed)).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it('writes times in Beijing time, whole seconds', () => {
    expect(beijingTime(new Date('2026-11-25T06:15:00.999Z'))).toBe('2026-11-25T14:15:00+08:00');
    expect(beijingTime(new Date('2026-12-31T16:30:00Z'))).toBe('2027-01-01T00:30:00+08:00');
  });
});
