/**
 * Alipay's open-API wire format, shared by the provider and the fake gateway so both sides sign the same bytes: the
 * RSA2 signing string, key loading, the exact text of a signed response node, yuan amounts and Shanghai times.
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** A parameter set as it is signed: an object, or the pairs of a URLSearchParams. */
export type SignableParams = Record<string, string | undefined> | Iterable<[string, string]>;

/**
 * The string Alipay signs: every parameter with a non-empty value, except those in `omit`, sorted by key (code unit
 * order, which is ASCII order for Alipay's keys) and joined `k=v&k=v` with raw, not URL-encoded, values. Requests omit
 * `sign`; notifications omit `sign` and `sign_type`.
 */
export function signingString(params: SignableParams, omit: readonly string[]): string {
  const pairs: Array<[string, string]> =
    Symbol.iterator in params
      ? [...params]
      : Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, v] as [string, string]]));
  return pairs
    .filter(([k, v]) => v !== '' && !omit.includes(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** RSA2: base64 of an RSASSA-PKCS1-v1_5 SHA-256 signature over the UTF-8 bytes of `content`. */
export function rsa2Sign(content: string, privateKey: KeyObject): string {
  return sign('sha256', Buffer.from(content, 'utf8'), privateKey).toString('base64');
}

/** Whether `signature` (base64) is `publicKey`'s RSA2 signature of `content`; never throws. */
export function rsa2Verify(content: string, signature: string, publicKey: KeyObject): boolean {
  // Buffer.from skips characters outside the alphabet, so a mangled signature would be shortened silently instead of
  // failing; require canonical base64 first.
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature) || signature.length % 4 !== 0) return false;
  try {
    return verify('sha256', Buffer.from(content, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * An RSA key from a PEM text, or from the bare base64 DER Alipay's console and key tool hand out (PKCS#8 or PKCS#1 for
 * a private key, SPKI or PKCS#1 for a public one). Throws when the text is neither or the key is not RSA.
 */
export function rsaKeyFromText(text: string, kind: 'private' | 'public'): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject | undefined;
  if (trimmed.startsWith('-----BEGIN')) {
    // createPublicKey would derive a public key from a private one: a private key in the public key's place is the
    // classic mix-up of the two files, and must not pass.
    if (kind === 'public' && /PRIVATE KEY/.test(trimmed)) throw new Error('a private key where a public key belongs');
    key = kind === 'private' ? createPrivateKey(trimmed) : createPublicKey(trimmed);
  } else {
    const base64 = trimmed.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new Error('neither PEM nor base64');
    const der = Buffer.from(base64, 'base64');
    const readers =
      kind === 'private'
        ? [
            () => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
            () => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }),
          ]
        : [
            () => createPublicKey({ key: der, format: 'der', type: 'spki' }),
            () => createPublicKey({ key: der, format: 'der', type: 'pkcs1' }),
          ];
    for (const read of readers) {
      try {
        key = read();
        break;
      } catch {
        // not this encoding: try the next
      }
    }
    if (!key) throw new Error(`not a ${kind} key in base64 DER`);
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`a ${key.asymmetricKeyType ?? 'unknown'} key, RSA2 needs RSA`);
  return key;
}

/**
 * The exact source text of the value of top-level `key` in the JSON object `raw`, or null when `raw` is not such an
 * object or lacks the key. Alipay signs the response node as it sent it; re-serialising a parsed copy would change
 * escapes, spacing or number forms and break the signature. With a duplicated key, the first one is returned: the
 * caller reads the data from this text too, so what is verified is what is used.
 */
export function jsonValueText(raw: string, key: string): string | null {
  let i = 0;
  const skipSpace = () => {
    while (i < raw.length && ' \t\n\r'.includes(raw[i]!)) i++;
  };
  /** Moves past the string starting at i; false when unterminated. */
  const skipString = (): boolean => {
    for (i++; i < raw.length; i++) {
      if (raw[i] === '\\') i++;
      else if (raw[i] === '"') {
        i++;
        return true;
      }
    }
    return false;
  };
  const skipValue = (): boolean => {
    const c = raw[i];
    if (c === '"') return skipString();
    if (c === '{' || c === '[') {
      let depth = 0;
      while (i < raw.length) {
        const d = raw[i]!;
        if (d === '"') {
          if (!skipString()) return false;
          continue;
        }
        if (d === '{' || d === '[') depth++;
        else if (d === '}' || d === ']') depth--;
        i++;
        if (depth === 0) return true;
      }
      return false;
    }
    const start = i;
    while (i < raw.length && !',}] \t\n\r'.includes(raw[i]!)) i++;
    return i > start;
  };

  skipSpace();
  if (raw[i] !== '{') return null;
  i++;
  for (;;) {
    skipSpace();
    if (raw[i] !== '"') return null;
    const keyStart = i;
    if (!skipString()) return null;
    let name: unknown;
    try {
      name = JSON.parse(raw.slice(keyStart, i));
    } catch {
      return null;
    }
    skipSpace();
    if (raw[i] !== ':') return null;
    i++;
    skipSpace();
    const valueStart = i;
    if (!skipValue()) return null;
    if (name === key) return raw.slice(valueStart, i);
    skipSpace();
    if (raw[i] !== ',') return null;
    i++;
  }
}

/** Fen as Alipay's yuan string, exactly two decimals, by string arithmetic: 9900 → "99.00", 1 → "0.01", 0 → "0.00". */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not a whole, non-negative fen amount: ${fen}`);
  const digits = String(fen).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * A yuan string as fen, exactly, or null. Accepted: a plain non-negative decimal with at most two decimals and no
 * leading zero, `^(0|[1-9]\d*)(\.\d{1,2})?$` — "99.00" → 9900, "0.1" → 10, "5" → 500. Refused (null): more than two
 * decimals even when they are zeros ("1.005", "1.000": Alipay never sends them, and a sub-fen amount has no meaning
 * here), signs ("-1", "+1"), exponents ("1e2"), leading zeros ("01.00"), bare points ("1.", ".5"), spaces, and values
 * past Number.MAX_SAFE_INTEGER fen.
 */
export function yuanToFen(text: string): number | null {
  const match = /^(0|[1-9]\d*)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const fen = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return fen <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(fen) : null;
}

/** China Standard Time has been UTC+8 without daylight saving since 1991: a fixed offset, no time-zone database. */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** `at` as 'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai, the form of every Alipay time; milliseconds are dropped. */
export function shanghaiTime(at: Date): string {
  const t = new Date(at.getTime() + SHANGHAI_OFFSET_MS);
  const p = (n: number, width = 2) => String(n).padStart(width, '0');
  return (
    `${p(t.getUTCFullYear(), 4)}-${p(t.getUTCMonth() + 1)}-${p(t.getUTCDate())} ` +
    `${p(t.getUTCHours())}:${p(t.getUTCMinutes())}:${p(t.getUTCSeconds())}`
  );
}

/** The instant an Alipay 'yyyy-MM-dd HH:mm:ss' Shanghai time names; null when malformed or not a real date. */
export function parseShanghaiTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, ...number[]];
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, second) - SHANGHAI_OFFSET_MS);
  // Date.UTC rolls 02-30 over to March; the round trip catches every out-of-range field.
  return shanghaiTime(at) === text ? at : null;
}
