import {
  materialIdSchema,
  videoIdSchema,
  type CallResponse,
  type MaterialBrief,
  type MaterialCategory,
  type mediaCalls,
  type RoleKind,
  type VideoBrief,
  type VideoKind,
} from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { can, canVisitMaterials, isStaff, MATERIAL_MIN_ROLE, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { decideAccess, type Visibility } from '../../lib/access.js';
import { answersHeldFor } from '../questions/index.js';
import { toQuestionBrief } from '../../lib/question-view.js';
import {
  findMaterial,
  findVideo,
  findVideoWithQuestion,
  listMaterialRows,
  listVideoRows,
  sharedSigningSecret,
  type MaterialRow,
  type VideoRow,
} from './media.repository.js';
import { checkLink, LINK_TTL_SECONDS, newSigningSecret, signedPath, type MediaKind } from './media.signing.js';
import { downloadName } from './media.http.js';

/** What the media calls need besides the database: the clock, and the shared signing key, read once per instance. */
export interface MediaContext {
  database: Deps['database'];
  clock: Deps['clock'];
  signingKey(): Promise<string>;
}

/** Whether the caller may watch a video of this tier (staff check every video). */
function canWatch(actor: Actor, minRole: string | null): boolean {
  return isStaff(actor) || !minRole || can(actor, { minRole: minRole as RoleKind });
}

function toMaterialBrief(row: MaterialRow): MaterialBrief {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category as MaterialCategory,
    mime: row.mime,
    size_bytes: row.sizeBytes,
    pages: row.pages,
  };
}

function toVideoBrief(actor: Actor, row: VideoRow): VideoBrief {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    kind: row.kind as VideoKind,
    question_id: row.questionId,
    duration_seconds: row.durationSeconds,
    size_bytes: row.sizeBytes,
    min_role: (row.minRole as RoleKind | null) ?? null,
    allowed: canWatch(actor, row.minRole),
  };
}

/** Why an explanation video does not open now, for clients without a page of their own for it. */
const VIDEO_IN_EXAM = '这道题在你正在进行的考试中，交卷后再来看讲解视频吧';

async function link(ctx: MediaContext, kind: MediaKind, id: string, now: Date) {
  const expires = Math.floor(now.getTime() / 1000) + LINK_TTL_SECONDS[kind];
  return { url: signedPath(await ctx.signingKey(), kind, id, expires), expires_at: expires };
}

/** Every material, listed to every user so the page can show what membership brings; `allowed` says whether they open. */
export async function listMaterials(
  ctx: MediaContext,
  actor: Actor,
): Promise<CallResponse<typeof mediaCalls.materialList>> {
  const rows = await listMaterialRows(ctx.database.db);
  return { materials: rows.map(toMaterialBrief), allowed: canVisitMaterials(actor.user, ctx.clock.now()) };
}

/** A signed download address; `limit` (the upgrade dialog) without the material right, `not_found` for an unknown id. */
export async function materialLink(
  ctx: MediaContext,
  actor: Actor,
  id: string,
  now = ctx.clock.now(),
): Promise<CallResponse<typeof mediaCalls.materialLink>> {
  if (!canVisitMaterials(actor.user, now))
    throw new AppError('limit', `materials need ${MATERIAL_MIN_ROLE} or the can_visit_material right`);
  const row = await findMaterial(ctx.database.db, id);
  if (!row) throw new AppError('not_found', 'material not found');
  return { ...(await link(ctx, 'material', row.id, now)), file_name: downloadName(row.title, row.file) };
}

export async function listVideos(ctx: MediaContext, actor: Actor): Promise<CallResponse<typeof mediaCalls.videoList>> {
  const rows = await listVideoRows(ctx.database.db);
  return { videos: rows.map((r) => toVideoBrief(actor, r)) };
}

/**
 * One video with a signed stream address. Below its tier → `limit`. The explained question comes as the viewer may
 * know it (the question access rule): visible, listed but locked (`accessable` false), or left out when hidden. An
 * explanation walks through the answer, so it waits, like the analysis, while its question is in an exam the learner
 * is taking (decision 013): `forbidden`, saying why.
 */
export async function getVideo(
  ctx: MediaContext,
  actor: Actor,
  id: string,
  now = ctx.clock.now(),
): Promise<CallResponse<typeof mediaCalls.videoGet>> {
  const found = await findVideoWithQuestion(ctx.database.db, id);
  if (!found) throw new AppError('not_found', 'video not found');
  const { video, question } = found;
  if (!canWatch(actor, video.minRole)) throw new AppError('limit', `video needs ${video.minRole}`);
  if (question && (await answersHeldFor(ctx, actor.user.id, [question.id])).size > 0) {
    throw new AppError('forbidden', 'the explained question is in an exam this learner is taking', VIDEO_IN_EXAM);
  }
  let brief = null;
  if (question) {
    const decision = decideAccess(actor, question.visibility as Visibility, null, now);
    if (decision.see) brief = toQuestionBrief(question, true);
    else if (decision.refusal.kind === 'public_only') brief = toQuestionBrief(question, false);
  }
  return {
    video: toVideoBrief(actor, video),
    mime: video.mime,
    stream: await link(ctx, 'video', video.id, now),
    question: brief,
  };
}

/**
 * The media calls' context for one app: the signing key is MEDIA_SIGNING_SECRET, else the one stored for every
 * instance, read once and kept; a failed read (database briefly away) is retried by the next request, not cached.
 */
export function mediaContext(deps: Pick<Deps, 'database' | 'clock' | 'env'>): MediaContext {
  let key: Promise<string> | null = null;
  return {
    database: deps.database,
    clock: deps.clock,
    signingKey: () => {
      const fromEnv = deps.env.MEDIA_SIGNING_SECRET;
      key ??= fromEnv ? Promise.resolve(fromEnv) : sharedSigningSecret(deps.database.db, newSigningSecret());
      key.catch(() => (key = null));
      return key;
    },
  };
}

const LINK_REFUSED = {
  bad_signature: { detail: 'media link signature invalid', show: '链接无效，请回到页面重新打开' },
  expired: { detail: 'media link expired', show: '链接已过期，请回到页面重新打开' },
} as const;

/** The id of a signed file address, once its signature holds. Signature before the database: a forged address costs one HMAC, never a query. */
async function verified(ctx: MediaContext, kind: MediaKind, id: string, exp: unknown, sig: unknown): Promise<string> {
  const valid = (kind === 'material' ? materialIdSchema : videoIdSchema).safeParse(id).success;
  const result = valid
    ? checkLink(await ctx.signingKey(), kind, id, exp, sig, Math.floor(ctx.clock.now().getTime() / 1000))
    : 'bad_signature';
  if (result !== 'ok') throw new AppError('forbidden', LINK_REFUSED[result].detail, LINK_REFUSED[result].show);
  return id;
}

/** The material a signed address (`/media/material/:id?exp=&sig=`) names. */
export async function signedMaterial(ctx: MediaContext, id: string, exp: unknown, sig: unknown): Promise<MaterialRow> {
  const row = await findMaterial(ctx.database.db, await verified(ctx, 'material', id, exp, sig));
  if (!row) throw new AppError('not_found', 'material not found');
  return row;
}

/** The video a signed address (`/media/video/:id?exp=&sig=`) names. */
export async function signedVideo(ctx: MediaContext, id: string, exp: unknown, sig: unknown): Promise<VideoRow> {
  const row = await findVideo(ctx.database.db, await verified(ctx, 'video', id, exp, sig));
  if (!row) throw new AppError('not_found', 'video not found');
  return row;
}
