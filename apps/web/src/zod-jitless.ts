import { z } from 'zod';

/**
 * Imported first by main.tsx, before any schema is built. zod 4 compiles object schemas with `new Function` unless
 * told not to, and probes for it when the first one is created: under the Content-Security-Policy (script-src
 * 'self', no 'unsafe-eval' — decision 014) the probe is refused, reported as a violation on every page, and zod falls
 * back anyway. Jitless from the start: no probe, the same validation.
 */
z.config({ jitless: true });
