import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.js';
import { alipayConfigFromEnv, alipayProvider } from './alipay.js';
import { rsa2Sign } from './alipay-sign.js';
import { NOTIFY_URL, newOrder, useFakeAlipay } from './alipay.test-kit.js';

// Notifications are in alipay.notify.test.ts, the properties of the wire format in alipay.property.test.ts.

const { fake, alipay, clock, created, notice } = await useFakeAlipay();

const lastRequest = () => fake.requests.at(-1)!;
const failsWith = (reason: string) => ({ name: 'PayProviderError', reason });
/** A provider whose every call gets `body` with `status`, without a gateway. */
const answering = (body: string, status = 200) =>
  alipayProvider(fake.config, { fetch: async () => new Response(body, { status }) });

describe('alipay precreate', () => {
  it('signs the request, sends exact yuan amounts and Shanghai times, and returns qr_code', async () => {
    const expiresAt = new Date('2030-06-01T04:05:06.789Z');
    const order = newOrder();
    const made = await alipay.create({ order, amountFen: 9900, title: 'GRE', expiresAt, notifyUrl: NOTIFY_URL });
    const req = lastRequest();
    expect(req.signatureValid).toBe(true);
    expect(req.params).toMatchObject({
      method: 'alipay.trade.precreate',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      app_id: fake.config.appId,
      notify_url: NOTIFY_URL,
    });
    expect(req.params.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(req.biz).toEqual({
      out_trade_no: order,
      total_amount: '99.00',
      subject: 'GRE',
      time_expire: '2030-06-01 12:05:06',
    });
    expect(made).toEqual({ qrcodeText: fake.orders.get(order)!.qrCode, qrcodeUrl: fake.orders.get(order)!.qrCode });

    await created(1);
    expect(lastRequest().biz!.total_amount).toBe('0.01');
  });

  it('carries a Chinese subject with form-significant characters intact, into the notification too', async () => {
    const title = '托福·GRE 冲刺 30 天 & 赠品=1 + 100% 😀';
    const order = await created(12345, title);
    expect(fake.orders.get(order)!.subject).toBe(title);
    fake.pay(order);
    const { body } = fake.notification(order);
    expect(new URLSearchParams(body).get('subject')).toBe(title);
    await expect(notice(order)).resolves.toMatchObject({ order, result: { state: 'paid', paidFen: 12345 } });
  });

  it('answers the same qr_code when repeated, and refuses a changed amount or a paid order', async () => {
    const order = await created(500);
    const again = {
      order,
      amountFen: 500,
      title: 'x',
      expiresAt: new Date(Date.now() + 60_000),
      notifyUrl: NOTIFY_URL,
    };
    expect((await alipay.create(again)).qrcodeText).toBe(fake.orders.get(order)!.qrCode);
    await expect(alipay.create({ ...again, amountFen: 501 })).rejects.toThrow(/ACQ\.CONTEXT_INCONSISTENT/);
    fake.pay(order);
    await expect(alipay.create(again)).rejects.toMatchObject(failsWith('refused'));
  });
});

describe('alipay query and close', () => {
  it('follows an order from precreate through scan to paid', async () => {
    const order = await created(9900);
    await expect(alipay.query(order)).resolves.toEqual({ state: 'unpaid' });
    expect(lastRequest().biz).toEqual({ out_trade_no: order });
    fake.scan(order);
    await expect(alipay.query(order)).resolves.toEqual({ state: 'unpaid' });
    const paidAt = new Date('2030-01-02T03:04:05.000Z');
    const { tradeNo } = fake.pay(order, { at: paidAt });
    await expect(alipay.query(order)).resolves.toEqual({
      state: 'paid',
      providerTxnId: tradeNo,
      paidFen: 9900,
      paidAt,
    });
  });

  it('reads TRADE_FINISHED as paid, and the amount the gateway reports', async () => {
    const order = await created(9900);
    fake.pay(order, { status: 'TRADE_FINISHED', totalFen: 9800 });
    await expect(alipay.query(order)).resolves.toMatchObject({ state: 'paid', paidFen: 9800 });
  });

  it('closes a scanned order, and a second close still says closed', async () => {
    const order = await created();
    fake.scan(order);
    await expect(alipay.close(order)).resolves.toBe('closed');
    await expect(alipay.query(order)).resolves.toEqual({ state: 'closed' });
    await expect(alipay.close(order)).resolves.toBe('closed');
  });

  it('counts an unscanned order as closed, though Alipay leaves its code payable until it expires', async () => {
    const order = await created();
    await expect(alipay.close(order)).resolves.toBe('closed');
    fake.pay(order);
    await expect(alipay.query(order)).resolves.toMatchObject({ state: 'paid' });
  });

  it("says 'paid' when the order was paid before the close", async () => {
    const order = await created();
    fake.pay(order);
    await expect(alipay.close(order)).resolves.toBe('paid');
  });

  it('reads an expired scanned order as closed', async () => {
    const order = await created();
    fake.scan(order);
    clock.skewMs = 3600_000;
    try {
      await expect(alipay.query(order)).resolves.toEqual({ state: 'closed' });
    } finally {
      clock.skewMs = 0;
    }
  });
});

describe('alipay answers that cannot be trusted or used', () => {
  it.each(['foreign-key', 'altered', 'unsigned'] as const)('refuses a %s answer as forged', async (mode) => {
    const order = await created();
    fake.pay(order);
    fake.forge(mode);
    try {
      await expect(alipay.query(order)).rejects.toMatchObject(failsWith('forged'));
      await expect(
        alipay.create({ order: newOrder(), amountFen: 1, title: 'x', expiresAt: new Date(), notifyUrl: NOTIFY_URL }),
      ).rejects.toMatchObject(failsWith('forged'));
    } finally {
      fake.forge(null);
    }
  });

  it('needs a signature on an answer it concludes from, and the order asked for', async () => {
    fake.answerNext({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' }, { signed: false });
    await expect(alipay.query('X1')).rejects.toMatchObject(failsWith('forged'));
    fake.answerNext({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR' }, { signed: false });
    await expect(alipay.close('X1')).rejects.toMatchObject(failsWith('forged'));
    const paid = {
      code: '10000',
      msg: 'Success',
      out_trade_no: 'OTHER',
      trade_no: '1',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '1.00',
    };
    fake.answerNext(paid);
    await expect(alipay.query('X1')).rejects.toMatchObject(failsWith('forged'));
  });

  it('verifies and uses the first of duplicated response nodes', async () => {
    const good = JSON.stringify({
      code: '10000',
      msg: 'Success',
      out_trade_no: 'D1',
      trade_no: '7',
      trade_status: 'WAIT_BUYER_PAY',
      total_amount: '1.00',
    });
    const evil = good.replace('WAIT_BUYER_PAY', 'TRADE_SUCCESS');
    const sign = rsa2Sign(good, fake.keys.alipayPrivate);
    const body = `{"alipay_trade_query_response":${good},"alipay_trade_query_response":${evil},"sign":"${sign}"}`;
    await expect(answering(body).query('D1')).resolves.toEqual({ state: 'unpaid' });
  });

  it('refuses a request signed with the wrong application key (unsigned 40002 answer)', async () => {
    const wrong = alipayProvider({
      ...fake.config,
      privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
    });
    await expect(wrong.query('X2')).rejects.toMatchObject(failsWith('refused'));
    await expect(wrong.query('X2')).rejects.toThrow(/isv\.invalid-signature/);
  });

  it('refuses business errors, naming sub_code and sub_msg', async () => {
    fake.answerNext({
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'ACQ.TOTAL_FEE_EXCEED',
      sub_msg: '订单金额超过限额',
    });
    const input = { order: newOrder(), amountFen: 1, title: 'x', expiresAt: new Date(), notifyUrl: NOTIFY_URL };
    const err = await alipay.create(input).catch((e: unknown) => e);
    expect(err).toMatchObject(failsWith('refused'));
    expect((err as Error).message).toContain('ACQ.TOTAL_FEE_EXCEED 订单金额超过限额');
  });

  it.each([
    ['HTTP 503', () => fake.setDown(true)],
    ['a dropped connection', () => fake.setDown('reset')],
    [
      'code 20000',
      () =>
        fake.answerNext(
          { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error' },
          { signed: false },
        ),
    ],
    [
      'ACQ.SYSTEM_ERROR',
      () => fake.answerNext({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SYSTEM_ERROR' }),
    ],
  ])('is unreachable on %s', async (_, breakIt) => {
    breakIt();
    try {
      await expect(alipay.query('X3')).rejects.toMatchObject(failsWith('unreachable'));
    } finally {
      fake.setDown(false);
    }
  });

  it('is unreachable on a timeout, a network error and a non-JSON page', async () => {
    fake.setDown('hang');
    try {
      const slow = alipayProvider(fake.config, { timeoutMs: 200 });
      await expect(slow.query('X4')).rejects.toThrow(/no answer within 200 ms/);
    } finally {
      fake.setDown(false);
    }
    const offline = alipayProvider(fake.config, {
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(offline.query('X4')).rejects.toMatchObject(failsWith('unreachable'));
    await expect(answering('<html>502</html>').query('X4')).rejects.toMatchObject(failsWith('unreachable'));
    await expect(answering('nope', 404).query('X4')).rejects.toMatchObject(failsWith('refused'));
  });
});

describe('alipayConfigFromEnv', () => {
  const dir = mkdtempSync(join(tmpdir(), 'alipay-keys-'));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const base = () => ({ ALIPAY_APP_ID: fake.config.appId, ALIPAY_GATEWAY_URL: fake.gatewayUrl });

  it('names every missing key', () => {
    expect(() => alipayConfigFromEnv(loadEnv({}))).toThrow('ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY');
    expect(() => alipayConfigFromEnv(loadEnv({ ALIPAY_APP_ID: 'a' }))).toThrow(
      /needs ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY$/,
    );
  });

  it('reads PEM files and the bare base64 keys of the Alipay console, and they work against the gateway', async () => {
    const pem = loadEnv({
      ...base(),
      ALIPAY_PRIVATE_KEY: file('app.pem', fake.keys.appPrivate.export({ type: 'pkcs1', format: 'pem' }) as string),
      ALIPAY_PUBLIC_KEY: file('alipay.pem', fake.keys.alipayPublic.export({ type: 'spki', format: 'pem' }) as string),
      ALIPAY_SELLER_ID: ' ',
    });
    const der = (text: Buffer) => `${text.toString('base64')}\n`;
    const bare = loadEnv({
      ...base(),
      ALIPAY_PRIVATE_KEY: file('app.txt', der(fake.keys.appPrivate.export({ type: 'pkcs8', format: 'der' }))),
      ALIPAY_PUBLIC_KEY: file('alipay.txt', der(fake.keys.alipayPublic.export({ type: 'spki', format: 'der' }))),
      ALIPAY_SELLER_ID: fake.config.sellerId!,
    });
    for (const env of [pem, bare]) {
      const config = alipayConfigFromEnv(env);
      expect(config.privateKey.equals(fake.keys.appPrivate)).toBe(true);
      expect(config.alipayPublicKey.equals(fake.keys.alipayPublic)).toBe(true);
      await expect(alipayProvider(config).query('NONE')).resolves.toEqual({ state: 'unpaid' });
    }
    expect(alipayConfigFromEnv(pem).sellerId).toBeNull();
    expect(alipayConfigFromEnv(bare).sellerId).toBe(fake.config.sellerId);
  });

  it('refuses unreadable files, non-keys, and the mixed-up key files', () => {
    const appPem = file('app2.pem', fake.keys.appPrivate.export({ type: 'pkcs8', format: 'pem' }) as string);
    const appPub = file('app2.pub', fake.keys.appPublic.export({ type: 'spki', format: 'pem' }) as string);
    const env = (privateKey: string, publicKey: string) =>
      loadEnv({ ...base(), ALIPAY_PRIVATE_KEY: privateKey, ALIPAY_PUBLIC_KEY: publicKey });
    expect(() => alipayConfigFromEnv(env(join(dir, 'absent.pem'), appPub))).toThrow(/^ALIPAY_PRIVATE_KEY: cannot read/);
    expect(() => alipayConfigFromEnv(env(appPem, file('junk.pem', 'not a key!')))).toThrow(
      /^ALIPAY_PUBLIC_KEY: .* no usable/,
    );
    expect(() => alipayConfigFromEnv(env(appPem, appPem))).toThrow(/^ALIPAY_PUBLIC_KEY: .*private key where/);
    expect(() => alipayConfigFromEnv(env(appPem, appPub))).toThrow(/application's own public key/);
  });
});
