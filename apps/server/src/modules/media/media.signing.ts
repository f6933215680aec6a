import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a signed address names: the kind is part of the signed text, so a material link cannot open a video. */
export type MediaKind = 'material' | 'video';

/**
 * How long a signed address works. A material link is followed at once; a video link is read by the player for as long
 * as the page stays open (seeking asks for new ranges), so it lasts an evening of study.
 */
export const LINK_TTL_SECONDS: Record<MediaKind, number> = { material: 10 * 60, video: 4 * 60 * 60 };

/** base64url of an HMAC-SHA256: 43 characters. */
const SIG = /^[A-Za-z0-9_-]{43}$/;
/** Unix seconds as the URL carries them. */
const EXP = /^\d{1,12}$/;

/** A new random signing key (256 bits), as stored when the environment gives none. */
export function newSigningSecret(): string {
  return randomBytes(32).toString('base64url');
}

function mac(key: string, kind: MediaKind, id: string, exp: number): string {
  return createHmac('sha256', key).update(`gre-media\n${kind}\n${id}\n${exp}`).digest('base64url');
}

/** The site-relative address of one file, valid until `exp` (unix seconds). */
export function signedPath(key: string, kind: MediaKind, id: string, exp: number): string {
  return `/media/${kind}/${encodeURIComponent(id)}?exp=${exp}&sig=${mac(key, kind, id, exp)}`;
}

export type LinkCheck = 'ok' | 'bad_signature' | 'expired';

/**
 * Checks an address's `exp` and `sig` in constant time. The signature is checked before the expiry so a forged
 * address never learns whether its date would have passed.
 */
export function checkLink(
  key: string,
  kind: MediaKind,
  id: string,
  exp: unknown,
  sig: unknown,
  nowSeconds: number,
): LinkCheck {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !EXP.test(exp) || !SIG.test(sig)) return 'bad_signature';
  const expected = Buffer.from(mac(key, kind, id, Number(exp)));
  if (!timingSafeEqual(expected, Buffer.from(sig))) return 'bad_signature';
  return Number(exp) < nowSeconds ? 'expired' : 'ok';
}
