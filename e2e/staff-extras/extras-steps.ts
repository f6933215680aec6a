import { contentCalls } from '@gre/contracts';
import { test as base, type Api } from '../fixtures';
import { startAppServer } from '../servers';

/**
 * These journeys change global settings (the role quotas) and send the admin confirmation codes, so they run
 * on an app server of their own, apart from the shared one and from e2e/staff's.
 */
export const test = base.extend<object, { extrasURL: string }>({
  extrasURL: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startAppServer({}).catch(() => startAppServer({}));
      await use(server.baseURL);
      await server.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});

/** The book the e2e teacher builds from: the shipped bank's questions under a book whose tailor.custom flag is set. */
export const TAILOR_SOURCE = {
  id: 'b-e2e-tailor-source',
  title: '定制素材 · 填空',
  questions: ['q-tc1-001', 'q-tc2-001', 'q-tc3-001', 'q-se-001'],
};

/**
 * Imports the tailor.custom book as an admin would through /sync, so the journey does not hang on which shipped books
 * carry the flag; an import upserts, so a second run changes nothing.
 */
export async function importTailorSource(api: Api, url: string, adminToken: string): Promise<void> {
  const book = {
    id: TAILOR_SOURCE.id,
    kind: 'pick',
    title: TAILOR_SOURCE.title,
    sub_title: '老师定制题本的题目来源',
    kind2: 'filling',
    param: { category: 1 },
    tailor: { custom: true, common: false },
    sections: [{ question_ids: TAILOR_SOURCE.questions }],
  };
  await api.call(
    contentCalls.import,
    { files: [{ name: 'books/e2e-tailor.json', text: JSON.stringify({ books: [book] }) }] },
    { token: adminToken, baseURL: url },
  );
}
