import { postCalls } from '@gre/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { deleteOwnComment, likeComment, postComment, subscribe } from './comment.service.js';
import { getKeywords, removeAnyComment, reviewComment, reviewQueue, setKeywords } from './moderation.service.js';
import { getReplies, getThread } from './thread.service.js';
import { IMAGE_FILE, imagesDir, MIME_BY_EXT, openImage } from './uploads.files.js';
import { uploadImage } from './uploads.service.js';

/** An image's name is its content's hash: what is served under it never changes. */
const IMAGE_CACHE = 'public, max-age=31536000, immutable';

/**
 * A question's discussion (spec §3 Post and Comment), its moderation by operators, and the comment images: the
 * upload call and `GET|HEAD /uploads/images/:file` outside /api (the gate guards calls only; the SPA fallback answers
 * unmatched GETs only, and nothing under /uploads is left unmatched).
 */
export const postsModule: Module = (app, deps) => {
  registerCall(app, postCalls.get, async ({ actor, body }) => getThread(deps, authorize(actor), body));
  registerCall(app, postCalls.replies, async ({ actor, body }) => getReplies(deps, authorize(actor), body));
  registerCall(app, postCalls.comment, async ({ actor, body }) => postComment(deps, authorize(actor), body));
  registerCall(app, postCalls.deleteComment, async ({ actor, body }) =>
    deleteOwnComment(deps, authorize(actor), body.id),
  );
  registerCall(app, postCalls.like, async ({ actor, body }) => likeComment(deps, authorize(actor), body));
  registerCall(app, postCalls.subscribe, async ({ actor, body }) => subscribe(deps, authorize(actor), body));

  const operator = { staff: 'operator' } as const;
  registerCall(app, postCalls.reviewQueue, async ({ actor, body }) =>
    reviewQueue(deps, authorize(actor, operator), body),
  );
  registerCall(app, postCalls.review, async ({ actor, body }) => reviewComment(deps, authorize(actor, operator), body));
  registerCall(app, postCalls.remove, async ({ actor, body }) =>
    removeAnyComment(deps, authorize(actor, operator), body),
  );
  registerCall(app, postCalls.getKeywords, async ({ actor }) => {
    authorize(actor, operator);
    return getKeywords(deps);
  });
  registerCall(app, postCalls.setKeywords, async ({ actor, body }) =>
    setKeywords(deps, authorize(actor, operator), body),
  );

  registerCall(app, postCalls.uploadImage, async ({ actor, body }) => uploadImage(deps, authorize(actor), body));

  const dir = imagesDir(deps.env);
  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/images/:file',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (req: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
      const name = req.params.file;
      const image = IMAGE_FILE.test(name) ? await openImage(dir, name) : null;
      if (!image) throw new AppError('not_found', 'no such image');
      const etag = `"${name.slice(0, 64)}"`;
      void reply.headers({
        'content-type': MIME_BY_EXT[name.slice(65)]!,
        'cache-control': IMAGE_CACHE,
        'x-content-type-options': 'nosniff',
        etag,
      });
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      void reply.header('content-length', image.size);
      return req.method === 'HEAD' ? reply.send() : reply.send(image.stream());
    },
  });
  // Any other address under /uploads is not a file here, rather than the SPA's index.html.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async () => {
      throw new AppError('not_found', 'no such upload');
    },
  });
};
