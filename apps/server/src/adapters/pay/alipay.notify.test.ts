import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { alipayProvider } from './alipay.js';
import type { FakeNotificationOptions } from './alipay.fake.js';
import { shanghaiTime } from './alipay-sign.js';
import { useFakeAlipay } from './alipay.test-kit.js';

const { fake, alipay, created, notice } = await useFakeAlipay();

const rejected = (status: number, reason: string) => ({ name: 'NotifyRejected', status, reason });

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
