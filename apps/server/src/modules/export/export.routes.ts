import { exportCalls, EXPORT_FILE_NAME, HEADERS, type ExportKind } from '@gre/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { actorFromToken } from '../auth/index.js';
import { MIME } from './export.files.js';
import { createExport, exportFile, getExport, listExports } from './export.service.js';

/** The bearer token as every call sends it (plugins/gate.ts reads it the same way). */
const BEARER = /^Bearer +([A-Za-z0-9_-]{20,128})$/;
const ID = /^[1-9]\d{0,15}$/;

/**
 * The learner's own data export (`/export`): the three calls, and `GET|HEAD /exports/:id/:file`, which serves a
 * finished file to its owner only. It is outside /api, where the gate does not run, so it checks the session itself —
 * the same `actorFromToken` and `authorize` (expired → token_expired, frozen → user_frozen) — and answers not_found
 * for an export that is not the caller's. The file never goes out without the token: no link to it works alone.
 */
export const exportModule: Module = (app, deps) => {
  registerCall(app, exportCalls.create, async ({ actor, body }) => createExport(deps, authorize(actor), body));
  registerCall(app, exportCalls.list, async ({ actor }) => listExports(deps, authorize(actor)));
  registerCall(app, exportCalls.get, async ({ actor, body }) => getExport(deps, authorize(actor), body.id));

  app.route({
    method: ['GET', 'HEAD'],
    url: '/exports/:id/:file',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (req: FastifyRequest<{ Params: { id: string; file: string } }>, reply: FastifyReply) => {
      const header = req.headers[HEADERS.authorization];
      const token = typeof header === 'string' ? BEARER.exec(header.trim())?.[1] : undefined;
      if (!token) throw new AppError('unauthorized', 'missing or malformed bearer token');
      const actor = authorize(await actorFromToken(deps, token));
      const { id, file: name } = req.params;
      if (!ID.test(id) || !EXPORT_FILE_NAME.test(name)) throw new AppError('not_found', 'no such export file');
      const { row, file } = await exportFile(deps, actor, Number(id), name);
      void reply.headers({
        'content-type': MIME[row.kind as ExportKind],
        'content-length': file.size,
        'content-disposition': `attachment; filename="${name}"`,
        // Personal data: never kept by a shared cache or the browser's.
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
      return req.method === 'HEAD' ? reply.send() : reply.send(file.stream());
    },
  });
  // Any other address under /exports is not a file here, rather than the SPA's index.html.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/exports/*',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async () => {
      throw new AppError('not_found', 'no such export file');
    },
  });
};
