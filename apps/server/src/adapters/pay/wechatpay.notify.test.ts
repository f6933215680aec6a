import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { NotifyRejected, type NotifyRequest, type PaymentNotice } from './provider.js';
import type { TradeState } from './wechatpay.fake.js';
import { rejected, useFakeWechatPay } from './wechatpay.test-kit.js';

const { fake, wechat, created } = await useFakeWechatPay();

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
