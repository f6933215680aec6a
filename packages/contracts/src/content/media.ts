import { z } from 'zod';
import { ROLE_KINDS } from '../enums.js';
import { questionIdSchema } from './question.js';

/**
 * The shipped media (`content/media/media.json`): downloadable PDF materials and short videos, each naming one file of
 * the media folder. Seeded into the `materials` and `videos` tables at every start (update by id).
 */

/** Groups of the download page, in the order it shows them. */
export const MATERIAL_CATEGORIES = ['quant', 'verbal', 'writing', 'general'] as const;
export type MaterialCategory = (typeof MATERIAL_CATEGORIES)[number];

/** `explanation`: walks through one question of the bank (`question_id` set); `course`: a strategy lesson. */
export const VIDEO_KINDS = ['explanation', 'course'] as const;
export type VideoKind = (typeof VIDEO_KINDS)[number];

/** 'm-…' for materials, 'v-…' for videos: the only thing a media URL names, never a path. */
export const materialIdSchema = z.string().regex(/^m-[a-z0-9-]{1,62}$/);
export const videoIdSchema = z.string().regex(/^v-[a-z0-9-]{1,62}$/);

/** A plain file name inside the media folder: no folders, no dot-files, so a row can never point outside it. */
const fileName = (ext: 'pdf' | 'webm') => z.string().regex(new RegExp(`^[a-z0-9][a-z0-9._-]{0,120}\\.${ext}$`));

/** The largest file the media folder ships (videos stay well under it; the check keeps the repository small). */
export const MEDIA_FILE_MAX_BYTES = 20 * 1024 * 1024;

const common = {
  title: z.string().min(1).max(60),
  description: z.string().max(400),
  /** Bytes on disk; `npm run check -w content` compares it with the file. */
  size_bytes: z.number().int().positive().max(MEDIA_FILE_MAX_BYTES),
  /** Order inside its group (ascending). */
  position: z.number().int().min(0).max(10_000),
};

export const mediaMaterialSchema = z.strictObject({
  id: materialIdSchema,
  ...common,
  category: z.enum(MATERIAL_CATEGORIES),
  file: fileName('pdf'),
  mime: z.literal('application/pdf'),
  pages: z.number().int().positive().max(500),
});
export type MediaMaterial = z.infer<typeof mediaMaterialSchema>;

export const mediaVideoSchema = z
  .strictObject({
    id: videoIdSchema,
    ...common,
    kind: z.enum(VIDEO_KINDS),
    file: fileName('webm'),
    mime: z.literal('video/webm'),
    duration_seconds: z.number().int().positive().max(3600),
    /** The bank question an `explanation` walks through; null for a course. */
    question_id: questionIdSchema.nullable(),
    /** Lowest tier that may watch; null = every logged-in user. */
    min_role: z.enum(ROLE_KINDS).nullable(),
  })
  .refine((v) => (v.kind === 'explanation') === (v.question_id !== null), {
    message: 'an explanation video names its question_id; a course video has none',
    path: ['question_id'],
  });
export type MediaVideo = z.infer<typeof mediaVideoSchema>;

/** content/media/media.json. */
export const mediaManifestSchema = z
  .strictObject({
    materials: z.array(mediaMaterialSchema).max(500),
    videos: z.array(mediaVideoSchema).max(500),
  })
  .superRefine((m, ctx) => {
    const seen = new Set<string>();
    const files = new Set<string>();
    for (const [key, list] of [
      ['materials', m.materials],
      ['videos', m.videos],
    ] as const) {
      list.forEach((item, i) => {
        if (seen.has(item.id))
          ctx.addIssue({ code: 'custom', path: [key, i, 'id'], message: `duplicate id '${item.id}'` });
        if (files.has(item.file))
          ctx.addIssue({ code: 'custom', path: [key, i, 'file'], message: `file '${item.file}' is listed twice` });
        seen.add(item.id);
        files.add(item.file);
      });
    }
  });
export type MediaManifest = z.infer<typeof mediaManifestSchema>;
