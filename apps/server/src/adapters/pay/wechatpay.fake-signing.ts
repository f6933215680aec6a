import { execFile, spawnSync } from 'node:child_process';
import {
  createCipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  randomInt,
  sign,
  verify,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { WechatPayConfig } from './wechatpay.js';

/*
 * The fake WeChat Pay gateway's keys, signatures and sealing (wechatpay.fake.ts runs the gateway). Written from the
 * protocol, not from the adapter: node:crypto directly and nothing from wechatpay-crypto.ts, so a mistake there cannot
 * cancel itself out in the tests.
 */

/** How the gateway signs an answer or a notification; the defaults are the genuine ones. */
export interface SigningOverrides {
  /** Wechatpay-Timestamp (default: the gateway's now). */
  timestamp?: Date;
  /** 'stranger': a key the merchant has never seen, under the gateway's serial. */
  signWith?: 'gateway' | 'stranger';
  /** Wechatpay-Serial (default: the gateway's public key id or certificate serial). */
  serial?: string;
}

/** Answers the gateway forges on purpose: each must come out as PayProviderError('forged'). */
export type ForgedAnswers = 'wrong-key' | 'unknown-serial' | 'stale' | 'tampered' | 'unsigned';

const SKEW_MS = 5 * 60_000;

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const alnum = (length: number) => Array.from({ length }, () => ALNUM[randomInt(ALNUM.length)]).join('');
export const digits = (length: number) => Array.from({ length }, () => randomInt(10)).join('');
const upperHex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

let strangerKey: KeyObject | undefined;
/** A key no merchant trusts; one per process, as RSA generation is the slow part of starting a fake. */
function stranger(): KeyObject {
  strangerKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  return strangerKey;
}

function rsaPem() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** Whether the openssl CLI is on this machine (the platform-certificate signer needs it). */
export function opensslAvailable(): boolean {
  return spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;
}

/** A self-signed RSA certificate like a platform certificate: 40 hex digits of serial, Tenpay's subject. */
async function platformCertificate(): Promise<{ cert: string; key: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'fake-wechatpay-'));
  try {
    const serial = `0x${(randomInt(1, 8) * 16 + randomInt(16)).toString(16)}${randomBytes(19).toString('hex')}`;
    const subject = '/C=CN/O=Tenpay.com/OU=Tenpay.com CA Center/CN=Tenpay.com Root CA';
    await promisify(execFile)('openssl', [
      ...'req -x509 -newkey rsa:2048 -nodes -days 30'.split(' '),
      ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-set_serial', serial, '-subj', subject],
    ]);
    return { cert: await readFile(join(dir, 'cert.pem'), 'utf8'), key: await readFile(join(dir, 'key.pem'), 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The keys of one merchant and its gateway, fresh for each fake. */
export interface FakeKeys {
  /** The merchant's: its private key (PEM), the public key the gateway checks it with, its certificate serial. */
  merchant: { privateKey: string; publicKey: KeyObject; serial: string };
  apiV3Key: string;
  /** The gateway's signing key and the serial it signs under: its public key id, or its certificate's serial. */
  gatewayKey: KeyObject;
  serial: string;
  /** What the merchant is given to verify the gateway: the public key with its id, or the platform certificate. */
  publicKey: WechatPayConfig['publicKey'];
  platformCertificates: string[];
}

/** Makes the keys: the gateway signs with a WeChat Pay public key, or with a platform certificate by the openssl CLI. */
export async function fakeKeys(mchid: string, signer: 'public-key' | 'platform-certificate'): Promise<FakeKeys> {
  const merchant = rsaPem();
  const keys = {
    merchant: { privateKey: merchant.privateKey, publicKey: createPublicKey(merchant.publicKey), serial: upperHex(20) },
    apiV3Key: alnum(32),
  };
  if (signer === 'platform-certificate') {
    if (!opensslAvailable()) throw new Error('The platform-certificate signer needs the openssl CLI');
    const made = await platformCertificate();
    const serial = new X509Certificate(made.cert).serialNumber.toUpperCase();
    return {
      ...keys,
      gatewayKey: createPrivateKey(made.key),
      serial,
      publicKey: null,
      platformCertificates: [made.cert],
    };
  }
  const pair = rsaPem();
  const serial = `PUB_KEY_ID_01${mchid}${digits(24)}`;
  const publicKey = { id: serial, pem: pair.publicKey };
  return { ...keys, gatewayKey: createPrivateKey(pair.privateKey), serial, publicKey, platformCertificates: [] };
}

/** The Wechatpay-* headers (lower-case names) that sign `body` with `key` under `serial`. */
export function signAsWechatPay(
  key: KeyObject,
  serial: string,
  body: string | Buffer,
  timestamp: Date,
): Record<string, string> {
  const ts = String(Math.floor(timestamp.getTime() / 1000));
  const nonce = alnum(32);
  const message = Buffer.concat([Buffer.from(`${ts}\n${nonce}\n`), Buffer.from(body), Buffer.from('\n')]);
  return {
    'wechatpay-timestamp': ts,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': sign('sha256', message, key).toString('base64'),
    'wechatpay-serial': serial,
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

/**
 * The gateway's signer: `sign` makes the headers of a body (genuine unless overridden), `forge` those of an answer
 * forged in the given way.
 */
export function gatewaySigner(keys: Pick<FakeKeys, 'gatewayKey' | 'serial'>, now: () => Date) {
  const signed = (body: string | Buffer, o: SigningOverrides = {}) =>
    signAsWechatPay(
      o.signWith === 'stranger' ? stranger() : keys.gatewayKey,
      o.serial ?? keys.serial,
      body,
      o.timestamp ?? now(),
    );
  const forgeries: Record<ForgedAnswers, (body: string) => Record<string, string>> = {
    'wrong-key': (body) => signed(body, { signWith: 'stranger' }),
    'unknown-serial': (body) => signed(body, { serial: `PUB_KEY_ID_${digits(30)}` }),
    stale: (body) => signed(body, { timestamp: new Date(now().getTime() - 10 * 60_000) }),
    tampered: (body) => signed(`${body} `),
    unsigned: () => ({}),
  };
  return { sign: signed, forge: (mode: ForgedAnswers, body: string) => forgeries[mode](body) };
}

/**
 * Checks a merchant's Authorization header as the gateway does; the reason it fails, or null when it holds. `url` is
 * the path and query as received, `body` the raw bytes.
 */
export function verifyMerchantAuthorization(
  header: string | undefined,
  expect: { mchid: string; serial: string; publicKey: KeyObject; now: Date },
  method: string,
  url: string,
  body: Buffer,
): string | null {
  const match = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(header ?? '');
  if (!match) return 'Authorization is not WECHATPAY2-SHA256-RSA2048';
  const fields = new Map([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  const names = ['mchid', 'nonce_str', 'signature', 'timestamp', 'serial_no'];
  const [mchid, nonce, signature, timestamp, serial] = names.map((name) => fields.get(name));
  if (!mchid || !nonce || !signature || !timestamp || !serial) return 'Authorization lacks a field';
  if (mchid !== expect.mchid) return `unknown mchid ${mchid}`;
  if (serial !== expect.serial) return `unknown merchant serial ${serial}`;
  if (Math.abs(expect.now.getTime() - Number(timestamp) * 1000) > SKEW_MS) return 'timestamp out of range';
  const message = Buffer.concat([Buffer.from(`${method}\n${url}\n${timestamp}\n${nonce}\n`), body, Buffer.from('\n')]);
  return verify('sha256', message, expect.publicKey, Buffer.from(signature, 'base64')) ? null : 'signature mismatch';
}

/** Seals a notification resource: AES-256-GCM, base64 of ciphertext || tag. */
export function sealResource(apiV3Key: string, plaintext: string, associatedData = 'transaction') {
  const nonce = alnum(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM' as const,
    ciphertext: sealed.toString('base64'),
    associated_data: associatedData,
    original_type: 'transaction',
    nonce,
  };
}

/** What to change in a notification's sealed resource; the defaults seal the transaction genuinely. */
export interface SealingOverrides {
  /** Seal the resource with this APIv3 key instead of the merchant's. */
  apiV3Key?: string;
  /** Flip a byte of the sealed resource after sealing, before signing. */
  corruptCiphertext?: boolean;
  /** Seal this text instead of the transaction JSON. */
  plaintext?: string;
}

/** A notification's resource: the transaction JSON sealed with the merchant's APIv3 key, unless overridden. */
export function notificationResource(apiV3Key: string, transaction: string, o: SealingOverrides = {}) {
  const resource = sealResource(o.apiV3Key ?? apiV3Key, o.plaintext ?? transaction);
  if (!o.corruptCiphertext) return resource;
  const sealed = Buffer.from(resource.ciphertext, 'base64');
  sealed[sealed.length - 1]! ^= 0x01;
  return { ...resource, ciphertext: sealed.toString('base64') };
}
