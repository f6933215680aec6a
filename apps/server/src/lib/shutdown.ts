import type { FastifyInstance } from 'fastify';
import type { Deps } from './deps.js';

/**
 * Graceful shutdown: /readyz turns 503 at once, SHUTDOWN_DRAIN_MS later (the balancer has stopped sending) the app
 * closes — answering the requests in flight, 503 to new ones — then the Deps drain and close. A second signal exits
 * at once.
 */
export async function shutdown(
  app: FastifyInstance,
  deps: Deps,
  signal: string,
  exit: (code: number) => void = (code) => process.exit(code),
): Promise<void> {
  const again = () => {
    app.log.warn(`second ${signal}: exiting now`);
    exit(1);
  };
  process.once('SIGINT', again);
  process.once('SIGTERM', again);
  const drainMs = deps.env.SHUTDOWN_DRAIN_MS ?? (deps.env.NODE_ENV === 'production' ? 5000 : 0);
  app.readiness.drain();
  app.log.info({ drainMs }, `${signal}: not ready; closing after the drain`);
  if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
  try {
    await app.close();
    // The fast paths drain, the job queue stops, then the limiter and the database close.
    await deps.close();
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    exit(1);
    return;
  }
  process.off('SIGINT', again);
  process.off('SIGTERM', again);
  exit(0);
}
