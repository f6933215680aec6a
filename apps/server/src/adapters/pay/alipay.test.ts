import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.js';
import { alipayConfigFromEnv, alipayProvider } from './alipay.js';
import { startFakeAlipay, type FakeAlipay, type FakeNotificationOptions } from './alipay.fake.js';
import {
  fenToYuan,
  jsonValueText,
  parseShanghaiTime,
  rsa2Sign,
  rsa2Verify,
  shanghaiTime,
  signingString,
  yuanToFen,
} from './alipay-sign.js';
import type { PayProvider } from './provider.js';

let fake: FakeAlipay;
let alipay: PayProvider;
/** Moves the fake gateway's clock only (expiry, payment times). */
let skewMs = 0;
let seq = 0;

beforeAll(async () => {
  fake = await startFakeAlipay({ now: () => new Date(Date.now() + skewMs) });
  alipay = alipayProvider(fake.config);
});
afterAll(() => fake.close());

const NOTIFY_URL = 'https://gre.example.com/api/pay/notify/alipay';
const newOrder = () => `T${Date.now()}${seq++}`;

/** Precreates an order at the fake; returns its number. */
async function created(amountFen = 9900, title = 'GRE 会员 30 天', notifyUrl = NOTIFY_URL): Promise<string> {
  const order = newOrder();
  await alipay.create({ order, amountFen, title, expiresAt: new Date(Date.now() + 15 * 60_000), notifyUrl });
  return order;
}

const lastRequest = () => fake.requests.at(-1)!;
const notice = (order: string, options?: FakeNotificationOptions, provider = alipay) => {
  const { body, headers } = fake.notification(order, options);
  return provider.parseNotify({ rawBody: Buffer.from(body, 'utf8'), headers });
};
const failsWith = (reason: string) => ({ name: 'PayProviderError', reason });
const rejected = (status: number, reason: string) => ({ name: 'NotifyRejected', status, reason });
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
    skewMs = 3600_000;
    try {
      await expect(alipay.query(order)).resolves.toEqual({ state: 'closed' });
    } finally {
      skewMs = 0;
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

describe('alipay notifications', () => {
  it('reads a verified payment', async () => {
    const order = await created(9900);
    const paidAt = new Date('2030-03-04T05:06:07.000Z');
    const { tradeNo } = fake.pay(order, { at: paidAt });
    const { body } = fake.notification(order);
    const result = await alipay.parseNotify({ rawBody: Buffer.from(body), headers: {} });
    expect(result).toEqual({
      order,
      result: { state: 'paid', providerTxnId: tradeNo, paidFen: 9900, paidAt },
      noticeId: new URLSearchParams(body).get('notify_id'),
    });
  });

  it('maps every trade_status and reports a signed amount as is', async () => {
    const order = await created(100);
    fake.scan(order);
    await expect(notice(order)).resolves.toMatchObject({ result: { state: 'unpaid' } });
    await expect(notice(order, { tradeStatus: 'TRADE_CLOSED' })).resolves.toMatchObject({
      result: { state: 'closed' },
    });
    const finished = await notice(order, { tradeStatus: 'TRADE_FINISHED', totalFen: 1 });
    expect(finished.result).toMatchObject({ state: 'paid', paidFen: 1 });
  });

  it('accepts a day-old retry: Alipay retries for 25 hours', async () => {
    const order = await created();
    fake.pay(order);
    const old = shanghaiTime(new Date(Date.now() - 25 * 3600_000));
    await expect(notice(order, { fields: { notify_time: old, gmt_payment: old } })).resolves.toMatchObject({ order });
  });

  it.each<[string, FakeNotificationOptions, number, string]>([
    ['a tampered amount', { tamper: { total_amount: '0.01' } }, 401, 'forged'],
    ['a foreign key', { key: 'foreign' }, 401, 'forged'],
    ['no sign', { key: 'none' }, 401, 'forged'],
    ['sign_type RSA', { tamper: { sign_type: 'RSA' } }, 401, 'forged'],
    ['another app id', { appId: '2021000000000000' }, 400, 'mismatch'],
    ['another seller', { sellerId: '2088000000000000' }, 400, 'mismatch'],
    ['no out_trade_no', { fields: { out_trade_no: null } }, 400, 'malformed'],
    ['no notify_id', { fields: { notify_id: null } }, 400, 'malformed'],
    ['an unknown trade_status', { fields: { trade_status: 'TRADE_PENDING' } }, 400, 'malformed'],
    ['a sub-fen amount', { fields: { total_amount: '1.005' } }, 400, 'malformed'],
    ['a GBK charset', { fields: { charset: 'GBK' } }, 400, 'malformed'],
  ])('rejects %s', async (_, options, status, reason) => {
    const order = await created();
    fake.pay(order);
    await expect(notice(order, options)).rejects.toMatchObject(rejected(status, reason));
  });

  it('rejects an empty, a duplicated-parameter or a JSON body as malformed', async () => {
    const order = await created();
    fake.pay(order);
    const { body, headers } = fake.notification(order);
    const parse = (raw: string, h: Record<string, string> = headers) =>
      alipay.parseNotify({ rawBody: Buffer.from(raw), headers: h });
    await expect(parse('')).rejects.toMatchObject(rejected(400, 'malformed'));
    await expect(parse(`${body}&trade_status=TRADE_SUCCESS`)).rejects.toMatchObject(rejected(400, 'malformed'));
    await expect(parse('{}', { 'content-type': 'application/json' })).rejects.toMatchObject(rejected(400, 'malformed'));
  });

  it('skips the seller check when no seller id is configured', async () => {
    const order = await created();
    fake.pay(order);
    const anySeller = alipayProvider({ ...fake.config, sellerId: null });
    await expect(notice(order, { sellerId: '2088000000000000' }, anySeller)).resolves.toMatchObject({ order });
  });

  it('acks with the exact text success, and nacks with fail', () => {
    expect(alipay.ack()).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(alipay.nack(503, 'busy')).toEqual({ status: 503, contentType: 'text/plain; charset=utf-8', body: 'fail' });
  });

  it('goes from the qr_code page through payment to a notification the provider takes', async () => {
    const received: string[] = [];
    const app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const headers = { 'content-type': req.headers['content-type'] };
        alipay.parseNotify({ rawBody: Buffer.concat(chunks), headers }).then(
          (n) => {
            received.push(n.result.state);
            const reply = alipay.ack();
            res.writeHead(reply.status, { 'content-type': reply.contentType }).end(reply.body);
          },
          () => res.writeHead(400).end('fail'),
        );
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}/notify`;
      const order = await created(2500, '模考', url);
      const { qrCode } = fake.orders.get(order)!;
      expect((await fetch(qrCode)).status).toBe(200);
      expect(fake.orders.get(order)!.status).toBe('WAIT_BUYER_PAY');
      expect(await (await fetch(`${qrCode}/pay`, { method: 'POST' })).text()).toBe('paid success');
      expect(received).toEqual(['paid']);
      await expect(fake.sendNotification(order)).resolves.toEqual({ status: 200, body: 'success' });
    } finally {
      await new Promise((resolve) => app.close(resolve));
    }
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

describe('alipay wire format (properties)', () => {
  it('writes every fen amount as exact yuan and reads it back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (fen) => {
        const yuan = fenToYuan(fen);
        expect(yuan).toMatch(/^(0|[1-9]\d*)\.\d\d$/);
        expect(yuan).toBe((fen / 100).toFixed(2));
        expect(yuanToFen(yuan)).toBe(fen);
      }),
    );
    fc.assert(fc.property(fc.maxSafeNat(), (fen) => yuanToFen(fenToYuan(fen)) === fen));
  });

  it('reads only plain decimals of at most two places, exactly as documented', () => {
    const table: Array<[string, number | null]> = [
      ['99.00', 9900],
      ['0.01', 1],
      ['0.1', 10],
      ['5', 500],
      ['0', 0],
      ['1.005', null],
      ['1.000', null],
      ['-1', null],
      ['+1', null],
      ['1e2', null],
      ['01.00', null],
      ['1.', null],
      ['.5', null],
      [' 1', null],
      ['', null],
      ['0x10', null],
      ['１', null],
      ['90071992547409.92', null],
    ];
    for (const [text, fen] of table) expect([text, yuanToFen(text)]).toEqual([text, fen]);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.-+e ') }), (text) => {
        const fen = yuanToFen(text);
        if (fen !== null) expect(Math.round(Number(text) * 100)).toBe(fen);
      }),
    );
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan(-1)).toThrow(RangeError);
  });

  it('verifies what it signs over any parameters, through form encoding, and nothing altered', () => {
    const { appPrivate, appPublic } = fake.keys;
    const params = fc.dictionary(fc.stringMatching(/^[a-z_]{1,10}$/), fc.string({ unit: 'grapheme', maxLength: 20 }), {
      minKeys: 1,
    });
    fc.assert(
      fc.property(params, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 5 }), (map, extra) => {
        const sign = rsa2Sign(signingString(map, ['sign']), appPrivate);
        const decoded = new URLSearchParams(new URLSearchParams({ ...map, sign }).toString());
        expect(rsa2Verify(signingString(decoded, ['sign']), decoded.get('sign')!, appPublic)).toBe(true);
        const key = Object.keys(map)[0]!;
        const altered = { ...map, [key]: `${map[key]}${extra}` };
        expect(rsa2Verify(signingString(altered, ['sign']), sign, appPublic)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it('accepts any extra notification fields Alipay may add', async () => {
    const order = await created();
    fake.pay(order);
    const field = fc.stringMatching(/^x_[a-z]{1,8}$/);
    await fc.assert(
      fc.asyncProperty(fc.dictionary(field, fc.string({ unit: 'grapheme', maxLength: 30 })), async (fields) => {
        await expect(notice(order, { fields })).resolves.toMatchObject({ order });
      }),
      { numRuns: 30 },
    );
  });

  it('extracts the exact text of a response node', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.constantFrom(0, 2), (before, node, indent) => {
        const raw = JSON.stringify({ a_response_x: before, alipay_x_response: node, sign: 's' }, null, indent);
        const text = jsonValueText(raw, 'alipay_x_response');
        expect(JSON.stringify(JSON.parse(text!))).toBe(JSON.stringify(node));
        if (indent === 0) expect(text).toBe(JSON.stringify(node));
      }),
    );
    expect(jsonValueText('{"k":{"s":"}\\"{"},"n":1}', 'k')).toBe('{"s":"}\\"{"}');
    expect(jsonValueText('[{"k":1}]', 'k')).toBeNull();
    expect(jsonValueText('{"j":1}', 'k')).toBeNull();
  });

  it('writes and reads Shanghai times', () => {
    expect(shanghaiTime(new Date('2023-12-31T16:00:00.999Z'))).toBe('2024-01-01 00:00:00');
    expect(parseShanghaiTime('2024-02-30 00:00:00')).toBeNull();
    expect(parseShanghaiTime('2024-01-01T00:00:00')).toBeNull();
    const second = fc.integer({ min: 0, max: 4_102_444_800 }).map((s) => new Date(s * 1000));
    fc.assert(fc.property(second, (at) => parseShanghaiTime(shanghaiTime(at))!.getTime() === at.getTime()));
  });
});
