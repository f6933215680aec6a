import {
  createDecipheriv,
  createPublicKey,
  randomInt,
  sign,
  verify,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';

/**
 * The cryptography of WeChat Pay APIv3, kept apart from the HTTP calls so it can be property-tested on its own: the
 * merchant's request signature (Authorization), the gateway's answer and notification signature (Wechatpay-* headers)
 * and the AES-256-GCM resource of a notification.
 */

export const WECHATPAY_AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** How far a gateway timestamp may be from our clock before the answer or notification counts as replayed. */
export const MAX_SKEW_MS = 5 * 60_000;

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A fresh nonce_str: 32 characters of [A-Z0-9], as the official SDKs make them. */
export function newNonce(length = 32): string {
  let nonce = '';
  for (let i = 0; i < length; i++) nonce += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
  return nonce;
}

/** The request's Authorization header: RSA-SHA256 over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`. */
export function authorization(input: {
  mchid: string;
  serial: string;
  privateKey: KeyObject;
  method: string;
  /** The path and query exactly as sent, e.g. /v3/pay/transactions/out-trade-no/X?mchid=1 */
  url: string;
  /** The exact body; '' for a GET. */
  body: string;
  timestamp: string;
  nonce: string;
}): string {
  const message = `${input.method}\n${input.url}\n${input.timestamp}\n${input.nonce}\n${input.body}\n`;
  const signature = sign('sha256', Buffer.from(message, 'utf8'), input.privateKey).toString('base64');
  return (
    `${WECHATPAY_AUTH_SCHEME} mchid="${input.mchid}",nonce_str="${input.nonce}",signature="${signature}",` +
    `timestamp="${input.timestamp}",serial_no="${input.serial}"`
  );
}

/**
 * A certificate serial as the gateway writes it in Wechatpay-Serial: hex, upper-case. Leading zeros are dropped on
 * both sides because X509Certificate.serialNumber and the gateway need not agree on them; a public key id
 * (PUB_KEY_ID_…) is not hex and stays as it is.
 */
export function normalizeSerial(serial: string): string {
  const trimmed = serial.trim();
  if (!/^[0-9a-fA-F]+$/.test(trimmed)) return trimmed;
  return trimmed.toUpperCase().replace(/^0+(?=.)/, '');
}

/** The keys that verify the gateway, by serial: the WeChat Pay public key under its id, each certificate's key under its serial. */
export function verificationKeys(
  publicKey: { id: string; pem: string } | null,
  certificates: readonly string[],
): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  if (publicKey) keys.set(normalizeSerial(publicKey.id), createPublicKey(publicKey.pem));
  for (const pem of certificates) {
    const cert = new X509Certificate(pem);
    keys.set(normalizeSerial(cert.serialNumber), cert.publicKey);
  }
  return keys;
}

export type SignatureCheck = 'ok' | 'unsigned' | 'unknown-serial' | 'bad-signature' | 'stale' | 'bad-timestamp';

/** Reads a header by name, whatever its case (fetch's Headers.get, or a lookup in lower-cased names). */
export type HeaderLookup = (name: string) => string | null | undefined;

/** Whether the response or notification carries any of the gateway's signature headers. */
export function hasSignatureHeaders(header: HeaderLookup): boolean {
  return ['wechatpay-signature', 'wechatpay-serial', 'wechatpay-timestamp', 'wechatpay-nonce'].some(
    (name) => header(name) != null,
  );
}

/**
 * Checks the Wechatpay-* signature of an answer or notification over `TIMESTAMP\nNONCE\nBODY\n`. The body is the
 * raw bytes as received: re-encoding a parsed body would break the signature on any byte it normalises.
 */
export function checkSignature(
  keys: ReadonlyMap<string, KeyObject>,
  header: HeaderLookup,
  body: Buffer,
  now: Date,
): SignatureCheck {
  const timestamp = header('wechatpay-timestamp');
  const nonce = header('wechatpay-nonce');
  const signature = header('wechatpay-signature');
  const serial = header('wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) return 'unsigned';
  const key = keys.get(normalizeSerial(serial));
  if (!key) return 'unknown-serial';
  const message = Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`, 'utf8'), body, Buffer.from('\n')]);
  if (!verifies(message, key, signature)) return 'bad-signature';
  // Checked after the signature, so 'stale' is only ever said of a genuine message (a replay, or our clock is off).
  if (!/^\d{1,12}$/.test(timestamp)) return 'bad-timestamp';
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > MAX_SKEW_MS) return 'stale';
  return 'ok';
}

function verifies(message: Buffer, key: KeyObject, signature: string): boolean {
  try {
    return verify('sha256', message, key, Buffer.from(signature, 'base64'));
  } catch {
    // A key of another type (an EC certificate) throws instead of answering false.
    return false;
  }
}

/** An encrypted notification resource (AEAD_AES_256_GCM). */
export interface EncryptedResource {
  ciphertext: string;
  nonce: string;
  associated_data?: string | undefined;
}

/**
 * Decrypts a notification resource with the APIv3 key: iv = nonce and AAD = associated_data (UTF-8), ciphertext =
 * base64 of data || 16-byte tag. Null when the tag does not verify (wrong key, or altered in transit).
 */
export function decryptResource(apiV3Key: Buffer, resource: EncryptedResource): string | null {
  const sealed = Buffer.from(resource.ciphertext, 'base64');
  const iv = Buffer.from(resource.nonce, 'utf8');
  if (sealed.length < 16 || iv.length === 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', apiV3Key, iv);
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A time as WeChat writes it: RFC 3339 in Beijing time, whole seconds (2026-11-25T14:15:00+08:00). */
export function beijingTime(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}
