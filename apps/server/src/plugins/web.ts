import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Serves the built SPA; unknown GETs outside /api get index.html so client routes deep-link. */
export const webPlugin = fp(async (app: FastifyInstance, opts: { dist: string }) => {
  const root = resolve(opts.dist);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn(`web build not found at ${root}; serving the API only`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // The web build writes .br and .gz beside its text files; browsers that accept them get those.
    preCompressed: true,
    setHeaders(res, path) {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.decorate('spaIndex', true);
});

declare module 'fastify' {
  interface FastifyInstance {
    spaIndex?: boolean;
  }
}
