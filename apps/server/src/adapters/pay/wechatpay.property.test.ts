import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authorization, beijingTime, checkSignature, decryptResource, verificationKeys } from './wechatpay-crypto.js';
import { sealResource, signAsWechatPay, verifyMerchantAuthorization } from './wechatpay.fake.js';
import { useFakeWechatPay } from './wechatpay.test-kit.js';

const { fake } = await useFakeWechatPay();

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
