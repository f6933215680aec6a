import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.js';
import type { PayProvider } from './provider.js';
import { wechatPayConfigFromEnv, wechatPayProvider, type WechatPayConfig } from './wechatpay.js';
import { opensslAvailable, startFakeWechatPay, type FakeWechatPay, type TradeState } from './wechatpay.fake.js';
import { newOrder, orderInput, providerError, rejected, useFakeWechatPay } from './wechatpay.test-kit.js';

// Notifications are in wechatpay.notify.test.ts, the properties of signing and sealing in wechatpay.property.test.ts.

const { fake, wechat, created } = await useFakeWechatPay();

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
    // One input for both: a retry sends the same time_expire (a later second would be other content).
    const input = orderInput(order);
    const first = await wechat.create(input);
    expect(await wechat.create(input)).toEqual(first);
    const err = await providerError(wechat.create({ ...input, amountFen: 1 }));
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
