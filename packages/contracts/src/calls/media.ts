import { z } from 'zod';
import { defineCall } from '../define.js';
import { ROLE_KINDS } from '../enums.js';
import { MATERIAL_CATEGORIES, materialIdSchema, VIDEO_KINDS, videoIdSchema } from '../content/media.js';
import { questionBriefSchema } from './questions.js';

/** A downloadable material as the download page lists it. */
export const materialBriefSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(MATERIAL_CATEGORIES),
  mime: z.string(),
  size_bytes: z.number().int(),
  pages: z.number().int(),
});
export type MaterialBrief = z.infer<typeof materialBriefSchema>;

/** A video as listed; `allowed` says whether `/api/video/get` would answer, so the list can show a lock first. */
export const videoBriefSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(VIDEO_KINDS),
  /** The bank question an explanation walks through; null for a course. */
  question_id: z.string().nullable(),
  duration_seconds: z.number().int(),
  size_bytes: z.number().int(),
  /** Lowest tier that may watch; null = every logged-in user. */
  min_role: z.enum(ROLE_KINDS).nullable(),
  allowed: z.boolean(),
});
export type VideoBrief = z.infer<typeof videoBriefSchema>;

/** A short-lived signed address of one file, served outside /api with HTTP range support. */
export const signedLinkSchema = z.object({
  /** Site-relative: `/media/<material|video>/<id>?exp=…&sig=…`. */
  url: z.string(),
  /** Unix seconds after which the address answers 403. */
  expires_at: z.number().int(),
});
export type SignedLink = z.infer<typeof signedLinkSchema>;

export const mediaCalls = {
  materialList: defineCall({
    path: '/api/material/list',
    auth: 'user',
    summary:
      'Downloadable materials by category; `allowed` is false when this user may not download them (upgrade dialog)',
    request: z.strictObject({}),
    response: z.object({
      materials: z.array(materialBriefSchema),
      /** The user's `can_visit_material` right (granted, paid tier or staff): get_link answers `limit` when false. */
      allowed: z.boolean(),
    }),
  }),
  materialLink: defineCall({
    path: '/api/material/get_link',
    auth: 'user',
    summary: 'A short-lived signed download address of one material; `limit` without the material right',
    request: z.strictObject({ id: materialIdSchema }),
    response: signedLinkSchema.extend({ file_name: z.string() }),
  }),
  videoList: defineCall({
    path: '/api/video/list',
    auth: 'user',
    summary: 'Explanation and course videos, each with whether this user may watch it',
    request: z.strictObject({}),
    response: z.object({ videos: z.array(videoBriefSchema) }),
  }),
  videoGet: defineCall({
    path: '/api/video/get',
    auth: 'user',
    summary:
      'One video with a signed stream address (HTTP ranges) and the question it explains; `limit` below its tier',
    request: z.strictObject({ id: videoIdSchema }),
    response: z.object({
      video: videoBriefSchema,
      mime: z.string(),
      stream: signedLinkSchema,
      /** The explained question as this user may see it (locked ones not accessable); null for a course or a hidden question. */
      question: questionBriefSchema.nullable(),
    }),
  }),
};
