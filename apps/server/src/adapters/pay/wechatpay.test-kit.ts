import { afterAll, afterEach, expect } from 'vitest';
import { NotifyRejected, PayProviderError, type CreateOrderInput, type PayProvider } from './provider.js';
import { wechatPayProvider } from './wechatpay.js';
import { startFakeWechatPay, type FakeWechatPay } from './wechatpay.fake.js';

/* What the WeChat Pay test files share: order numbers and inputs, the fake gateway with a provider on it. */

let seq = 0;
/** A fresh out_trade_no: 6–32 characters of [0-9A-Za-z]. */
export const newOrder = () => `GRE${Date.now()}${String(seq++).padStart(4, '0')}`;

export function orderInput(order: string, overrides: Partial<CreateOrderInput> = {}): CreateOrderInput {
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
export const providerError = (promise: Promise<unknown>) => failure(promise, PayProviderError);
export const rejected = (promise: Promise<unknown>) => failure(promise, NotifyRejected);

/**
 * Starts a fake gateway and a provider on it for the calling test file (at its top level), closes it after the file,
 * and puts it back up and answering genuinely after each test. `created` makes an order through the provider, so
 * the fake holds it as the merchant sent it.
 */
export async function useFakeWechatPay(): Promise<{
  fake: FakeWechatPay;
  wechat: PayProvider;
  created: (overrides?: Partial<CreateOrderInput>) => Promise<string>;
}> {
  const fake = await startFakeWechatPay();
  const wechat = wechatPayProvider(fake.config);
  afterAll(() => fake.close());
  afterEach(() => {
    fake.setDown(false);
    fake.forgeAnswers(null);
  });
  async function created(overrides: Partial<CreateOrderInput> = {}): Promise<string> {
    const order = newOrder();
    await wechat.create(orderInput(order, overrides));
    return order;
  }
  return { fake, wechat, created };
}
