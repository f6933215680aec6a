import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * A development-only page that shows one question of every input kind in answer and review mode, for looking at
 * the renderers in a real browser. It is not part of the shipped app: `npx vite --config scripts/renderer-harness/vite.config.ts`.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('harness') },
  server: { port: 5199, strictPort: true, host: '127.0.0.1' },
  logLevel: 'warn',
});
