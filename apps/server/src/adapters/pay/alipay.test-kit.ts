import { afterAll } from 'vitest';
import { alipayProvider } from './alipay.js';
import { startFakeAlipay, type FakeAlipay, type FakeNotificationOptions } from './alipay.fake.js';
import type { PayProvider, PaymentNotice } from './provider.js';

/* What the Alipay test files share: order numbers, the fake gateway with a provider on it. */

export const NOTIFY_URL = 'https://gre.example.com/api/pay/notify/alipay';
let seq = 0;
export const newOrder = () => `T${Date.now()}${seq++}`;

/**
 * Starts a fake gateway and a provider on it for the calling test file (at its top level) and closes it after the
 * file. `clock.skewMs` moves the fake gateway's clock only (expiry, payment times); `created` precreates an order at
 * the fake and returns its number; `notice` has a provider parse the fake's notification of an order.
 */
export async function useFakeAlipay(): Promise<{
  fake: FakeAlipay;
  alipay: PayProvider;
  clock: { skewMs: number };
  created: (amountFen?: number, title?: string, notifyUrl?: string) => Promise<string>;
  notice: (order: string, options?: FakeNotificationOptions, provider?: PayProvider) => Promise<PaymentNotice>;
}> {
  const clock = { skewMs: 0 };
  const fake = await startFakeAlipay({ now: () => new Date(Date.now() + clock.skewMs) });
  const alipay = alipayProvider(fake.config);
  afterAll(() => fake.close());

  async function created(amountFen = 9900, title = 'GRE 会员 30 天', notifyUrl = NOTIFY_URL): Promise<string> {
    const order = newOrder();
    await alipay.create({ order, amountFen, title, expiresAt: new Date(Date.now() + 15 * 60_000), notifyUrl });
    return order;
  }
  const notice = (order: string, options?: FakeNotificationOptions, provider = alipay) => {
    const { body, headers } = fake.notification(order, options);
    return provider.parseNotify({ rawBody: Buffer.from(body, 'utf8'), headers });
  };
  return { fake, alipay, clock, created, notice };
}
