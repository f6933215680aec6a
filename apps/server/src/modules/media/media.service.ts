import type { CallResponse, MaterialBrief, MaterialCategory, mediaCalls, RoleKind, VideoBrief, VideoKind } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { can, canVisitMaterials, isStaff, MATERIAL_MIN_ROLE, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { decideAccess, type Visibility } from '../questions/access.js';
import { heldForExams } from '../questions/in-exam.js';
import { toQuestionBrief } from '../questions/question-view.js';
import { findMaterial, findVideoWithQuestion, listMaterialRows, listVideoRows, type MaterialRow, type VideoRow } from './media.repository.js';
import { LINK_TTL_SECONDS, signedPath, type MediaKind } from './media.signing.js';
import { downloadName } from './media.http.js';

/** What the media calls need besides the database: the shared signing key, read once per instance. */
export interface MediaContext {
  database: Deps['database'];
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
export async function listMaterials(ctx: MediaContext, actor: Actor): Promise<CallResponse<typeof mediaCalls.materialList>> {
  const rows = await listMaterialRows(ctx.database.db);
  return { materials: rows.map(toMaterialBrief), allowed: canVisitMaterials(actor.user) };
}

/** A signed download address; `limit` (the upgrade dialog) without the material right, `not_found` for an unknown id. */
export async function materialLink(ctx: MediaContext, actor: Actor, id: string, now = new Date()): Promise<CallResponse<typeof mediaCalls.materialLink>> {
  if (!canVisitMaterials(actor.user)) throw new AppError('limit', `materials need ${MATERIAL_MIN_ROLE} or the can_visit_material right`);
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
export async function getVideo(ctx: MediaContext, actor: Actor, id: string, now = new Date()): Promise<CallResponse<typeof mediaCalls.videoGet>> {
  const found = await findVideoWithQuestion(ctx.database.db, id);
  if (!found) throw new AppError('not_found', 'video not found');
  const { video, question } = found;
  if (!canWatch(actor, video.minRole)) throw new AppError('limit', `video needs ${video.minRole}`);
  if (question && (await heldForExams(ctx.database.db, actor.user.id, [question.id])).size > 0) {
    throw new AppError('forbidden', 'the explained question is in an exam this learner is taking', VIDEO_IN_EXAM);
  }
  let brief = null;
  if (question) {
    const decision = decideAccess(actor, question.visibility as Visibility, null, now);
    if (decision.see) brief = toQuestionBrief(question, true);
    else if (decision.refusal.kind === 'public_only') brief = toQuestionBrief(question, false);
  }
  return { video: toVideoBrief(actor, video), mime: video.mime, stream: await link(ctx, 'video', video.id, now), question: brief };
}
