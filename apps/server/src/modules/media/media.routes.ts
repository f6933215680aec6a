import { materialIdSchema, mediaCalls, videoIdSchema } from '@gre/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { fileInside, mediaDir, sendMediaFile } from './media.files.js';
import { contentDisposition, downloadName } from './media.http.js';
import { findMaterial, findVideo, sharedSigningSecret } from './media.repository.js';
import { getVideo, listMaterials, listVideos, materialLink, type MediaContext } from './media.service.js';
import { checkLink, LINK_TTL_SECONDS, newSigningSecret, type MediaKind } from './media.signing.js';

const LINK_REFUSED = {
  bad_signature: { detail: 'media link signature invalid', show: '链接无效，请回到页面重新打开' },
  expired: { detail: 'media link expired', show: '链接已过期，请回到页面重新打开' },
} as const;

type FileRequest = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, unknown> }>;

/**
 * Materials (download page) and videos (video/{id}): the four calls, and the signed file addresses outside /api —
 * `GET|HEAD /media/material/:id` and `/media/video/:id` with `?exp=&sig=` — which the gate (calls only) and the SPA
 * fallback (unmatched GETs only) leave alone.
 */
export const mediaModule: Module = (app, deps) => {
  let key: Promise<string> | null = null;
  const ctx: MediaContext = {
    database: deps.database,
    signingKey: () => {
      const fromEnv = deps.env.MEDIA_SIGNING_SECRET;
      key ??= fromEnv ? Promise.resolve(fromEnv) : sharedSigningSecret(deps.database.db, newSigningSecret());
      // A failed read (database briefly away) is retried by the next request instead of being cached.
      key.catch(() => (key = null));
      return key;
    },
  };
  const dir = mediaDir(deps.env);

  registerCall(app, mediaCalls.materialList, async ({ actor }) => listMaterials(ctx, authorize(actor)));
  registerCall(app, mediaCalls.materialLink, async ({ actor, body }) => materialLink(ctx, authorize(actor), body.id));
  registerCall(app, mediaCalls.videoList, async ({ actor }) => listVideos(ctx, authorize(actor)));
  registerCall(app, mediaCalls.videoGet, async ({ actor, body }) => getVideo(ctx, authorize(actor), body.id));

  /** Signature before the database: a forged address costs one HMAC, never a query. */
  async function verified(kind: MediaKind, req: FileRequest): Promise<string> {
    const { id } = req.params;
    const valid = (kind === 'material' ? materialIdSchema : videoIdSchema).safeParse(id).success;
    const result = valid ? checkLink(await ctx.signingKey(), kind, id, req.query.exp, req.query.sig, Math.floor(Date.now() / 1000)) : 'bad_signature';
    if (result !== 'ok') throw new AppError('forbidden', LINK_REFUSED[result].detail, LINK_REFUSED[result].show);
    return id;
  }

  const routeOptions = { method: ['GET', 'HEAD'] as ('GET' | 'HEAD')[], exposeHeadRoute: false, schema: { hide: true } };

  app.route({
    ...routeOptions,
    url: '/media/material/:id',
    handler: async (req: FileRequest, reply: FastifyReply) => {
      const row = await findMaterial(deps.database.db, await verified('material', req));
      if (!row) throw new AppError('not_found', 'material not found');
      const disposition = contentDisposition('attachment', downloadName(row.title, row.file), `${row.id}.pdf`);
      return sendMediaFile(req, reply, { path: fileInside(dir, row.file), mime: row.mime, disposition, maxAgeSeconds: LINK_TTL_SECONDS.material });
    },
  });

  app.route({
    ...routeOptions,
    url: '/media/video/:id',
    handler: async (req: FileRequest, reply: FastifyReply) => {
      const row = await findVideo(deps.database.db, await verified('video', req));
      if (!row) throw new AppError('not_found', 'video not found');
      const disposition = contentDisposition('inline', downloadName(row.title, row.file), `${row.id}.webm`);
      return sendMediaFile(req, reply, { path: fileInside(dir, row.file), mime: row.mime, disposition, maxAgeSeconds: LINK_TTL_SECONDS.video });
    },
  });
};
