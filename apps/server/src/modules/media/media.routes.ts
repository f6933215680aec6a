import { mediaCalls } from '@gre/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { fileInside, mediaDir, sendMediaFile } from './media.files.js';
import { contentDisposition, downloadName } from './media.http.js';
import {
  getVideo,
  listMaterials,
  listVideos,
  materialLink,
  mediaContext,
  signedMaterial,
  signedVideo,
} from './media.service.js';
import { LINK_TTL_SECONDS } from './media.signing.js';

type FileRequest = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, unknown> }>;

/**
 * Materials (download page) and videos (video/{id}): the four calls, and the signed file addresses outside /api —
 * `GET|HEAD /media/material/:id` and `/media/video/:id` with `?exp=&sig=` — which the gate (calls only) and the SPA
 * fallback (unmatched GETs only) leave alone.
 */
export const mediaModule: Module = (app, deps) => {
  const ctx = mediaContext(deps);
  const dir = mediaDir(deps.env);

  registerCall(app, mediaCalls.materialList, async ({ actor }) => listMaterials(ctx, authorize(actor)));
  registerCall(app, mediaCalls.materialLink, async ({ actor, body }) => materialLink(ctx, authorize(actor), body.id));
  registerCall(app, mediaCalls.videoList, async ({ actor }) => listVideos(ctx, authorize(actor)));
  registerCall(app, mediaCalls.videoGet, async ({ actor, body }) => getVideo(ctx, authorize(actor), body.id));

  const routeOptions = {
    method: ['GET', 'HEAD'] as ('GET' | 'HEAD')[],
    exposeHeadRoute: false,
    schema: { hide: true },
  };

  app.route({
    ...routeOptions,
    url: '/media/material/:id',
    handler: async (req: FileRequest, reply: FastifyReply) => {
      const row = await signedMaterial(ctx, req.params.id, req.query.exp, req.query.sig);
      const disposition = contentDisposition('attachment', downloadName(row.title, row.file), `${row.id}.pdf`);
      return sendMediaFile(req, reply, {
        path: fileInside(dir, row.file),
        mime: row.mime,
        disposition,
        maxAgeSeconds: LINK_TTL_SECONDS.material,
      });
    },
  });

  app.route({
    ...routeOptions,
    url: '/media/video/:id',
    handler: async (req: FileRequest, reply: FastifyReply) => {
      const row = await signedVideo(ctx, req.params.id, req.query.exp, req.query.sig);
      const disposition = contentDisposition('inline', downloadName(row.title, row.file), `${row.id}.webm`);
      return sendMediaFile(req, reply, {
        path: fileInside(dir, row.file),
        mime: row.mime,
        disposition,
        maxAgeSeconds: LINK_TTL_SECONDS.video,
      });
    },
  });
};
