import type { Database } from '@gre/db';
import type { Env } from '../../env.js';
import type { Clock } from '../../lib/clock.js';
import { faultPoint } from '../../lib/faults.js';
import { sharedSecret } from '../../lib/secrets.repository.js';
import { alipayConfigFromEnv, alipayProvider } from './alipay.js';
import type { PayProvider } from './provider.js';
import { sandboxGateway, type SandboxGateway } from './sandbox.js';
import { wechatPayConfigFromEnv, wechatPayProvider } from './wechatpay.js';

export * from './provider.js';
export type { SandboxGateway } from './sandbox.js';

/** The configured gateway; `name` tells the sandbox (which also serves its own page) from the real ones. */
export type PaymentProvider = SandboxGateway | (PayProvider & { readonly name: 'wechatpay' | 'alipay' });

/** The settings key of the sandbox gateway's notification key. */
const SANDBOX_SECRET_KEY = 'pay_sandbox_secret';

export interface PayProviderOptions {
  /** How the sandbox gateway sends its notifications (tests route them through app.inject). */
  sandboxFetch?: typeof fetch;
}

/** PAY_PROVIDER: `sandbox` (default, no account), `wechatpay` or `alipay`; a real one fails fast on missing keys. */
export function createPayProvider(
  env: Env,
  database: Database,
  clock: Clock,
  options: PayProviderOptions = {},
): PaymentProvider {
  const now = () => clock.now();
  if (env.PAY_PROVIDER === 'wechatpay') {
    return wechatPayProvider(wechatPayConfigFromEnv(env), { now });
  }
  if (env.PAY_PROVIDER === 'alipay') return alipayProvider(alipayConfigFromEnv(env), { now }) as PaymentProvider;
  let secret: Promise<string> | null = null;
  return sandboxGateway({
    db: () => database.db,
    secret: () => {
      secret ??= sharedSecret(database.db, SANDBOX_SECRET_KEY);
      secret.catch(() => (secret = null));
      return secret;
    },
    now,
    afterPaid: () => faultPoint(env, 'pay.gateway_paid'),
    ...(options.sandboxFetch ? { fetch: options.sandboxFetch } : {}),
  });
}
