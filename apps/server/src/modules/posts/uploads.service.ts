import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES, type CallResponse, type postCalls } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { Reservations, type Budget } from '../../lib/reservations.js';
import { UPLOADS_PATH } from '../../lib/rich-text.js';
import { retryLater } from '../auth/index.js';
import type { PostBody } from './thread.service.js';
import { probeImage } from './image-probe.js';
import { recordUpload } from './uploads.repository.js';
import { imagesDir, saveImage } from './uploads.files.js';

/** Images per learner: a burst, and a day's worth (each up to IMAGE_MAX_BYTES of disk). */
export const UPLOAD_LIMITS = {
  perMinute: { max: 10, windowSeconds: 60 },
  perDay: { max: 100, windowSeconds: 86_400 },
} satisfies Record<string, Budget>;

const NOT_AN_IMAGE = '只能上传 PNG、JPEG、GIF 或 WebP 图片';
const TOO_BIG = '图片不能超过 2 MB';

/**
 * Stores an image for comments: its type and size from its bytes (never its name), kept once under
 * `${DATA_DIR}/uploads/images/<sha256>.<ext>` with a row naming who first sent it. Answers the address rich text may
 * use. Every attempt takes a unit of the learner's upload budget, refused ones too.
 */
export async function uploadImage(
  deps: Pick<Deps, 'database' | 'clock' | 'env' | 'limiter'>,
  actor: Actor,
  body: PostBody<'uploadImage'>,
): Promise<CallResponse<typeof postCalls.uploadImage>> {
  const held = new Reservations(deps.limiter);
  const refuse = (s: number) => retryLater('rate_limited', s, 'too many images from this learner');
  await held.take(`upload:minute:${actor.user.id}`, UPLOAD_LIMITS.perMinute, refuse);
  await held.take(`upload:day:${actor.user.id}`, UPLOAD_LIMITS.perDay, refuse);
  held.keep();

  const bytes = Buffer.from(body.data, 'base64');
  if (bytes.length > IMAGE_MAX_BYTES)
    throw new AppError('payload_too_large', `an image is at most ${IMAGE_MAX_BYTES} bytes`, TOO_BIG);
  const facts = probeImage(bytes);
  if (!facts) throw new AppError('unsupported_media_type', 'not a PNG, JPEG, GIF or WebP image', NOT_AN_IMAGE);

  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const name = `${sha256}.${facts.ext}`;
  await saveImage(imagesDir(deps.env), name, bytes);
  await recordUpload(deps.database.db, {
    sha256,
    userId: actor.user.id,
    type: facts.type,
    bytes: bytes.length,
    width: facts.width,
    height: facts.height,
    createdAt: deps.clock.now(),
  });
  return {
    url: `${UPLOADS_PATH}${name}`,
    type: facts.type,
    bytes: bytes.length,
    width: facts.width,
    height: facts.height,
  };
}
