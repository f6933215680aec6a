import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Decision 019's boundaries hold only as long as the lint does: these lint deliberate breaches of real files with the
// repository's own eslint.config.js, so a config edit that defangs a rule fails here.

// Paths, not URLs: the test environment's URL is happy-dom's, which knows no file: scheme.
const root = `${resolve(dirname(fileURLToPath(import.meta.url)), '../../..')}/`;
const eslint = new ESLint({ cwd: root });

/** "rule: message" for each problem ESLint reports in `file`, with `from` replaced by `to` when given. */
async function lint(file: string, from?: string, to?: string): Promise<string[]> {
  let text = readFileSync(`${root}${file}`, 'utf8');
  if (from !== undefined) {
    if (!text.includes(from)) throw new Error(`${file} no longer contains ${JSON.stringify(from)}: update this test`);
    text = text.replace(from, to ?? '');
  }
  const [result] = await eslint.lintText(text, { filePath: `${root}${file}` });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const restricted = (source: string) =>
  new RegExp(`^no-restricted-imports: '${source.replace(/[.*/]/g, '\\$&')}' import is restricted .*through its face`);

// import-x/no-cycle walks the whole import graph on the first file: minutes on a loaded machine.
describe('web boundaries (decision 019)', { timeout: 240_000 }, () => {
  it('a feature reaches another feature through its face, not its files', async () => {
    const file = 'apps/web/src/features/home/study-cards.tsx';
    expect(await lint(file)).toEqual([]);
    expect(await lint(file, "from '../personal';", "from '../personal/personal-practice';")).toEqual([
      expect.stringMatching(restricted('../personal/personal-practice')),
    ]);
  });

  it('so do a feature’s subfolders, components and stylesheets; other tests may use a feature’s test-utils/', async () => {
    expect(
      await lint(
        'apps/web/src/features/exam/test-utils/exam-fixture.ts',
        "from '../../questions';",
        "from '../../questions/answer-utils';",
      ),
    ).toEqual([expect.stringMatching(restricted('../../questions/answer-utils'))]);
    expect(
      await lint(
        'apps/web/src/components/layout/nav-layout.tsx',
        "import { useCurrentUser, useSessionCheckOnFocus } from '../../features/auth';",
        "import { useSessionCheckOnFocus } from '../../features/auth';\nimport { useCurrentUser } from '../../features/auth/session';",
      ),
    ).toEqual([expect.stringMatching(restricted('../../features/auth/session'))]);
    expect(
      await lint(
        'apps/web/src/features/analyze/analyze-page.tsx',
        "import './analyze.css';",
        "import './analyze.css';\nimport '../records/records.css';",
      ),
    ).toEqual([expect.stringMatching(restricted('../records/records.css'))]);
    expect(await lint('apps/web/src/features/home/home-page.test.tsx')).toEqual([]);
  });

  it('an import cycle fails: the old route table ↔ nav bar one, and one through two features’ faces', async () => {
    const nav =
      "import { zh } from './i18n/zh-CN.core';\nimport { NavBar } from './components/layout/nav-bar';\nexport const nav = NavBar;";
    expect(await lint('apps/web/src/route-table.ts', "import { zh } from './i18n/zh-CN.core';", nav)).toEqual([
      'import-x/no-cycle: Dependency cycle detected',
    ]);
    // personal's face brings personal practice, which creates exams through records' face.
    const practice =
      "import { queryKeys } from '../../api/queries';\nimport { CraftBar } from '../personal';\nexport const bar = CraftBar;";
    expect(
      await lint(
        'apps/web/src/features/records/records-queries.ts',
        "import { queryKeys } from '../../api/queries';",
        practice,
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/)]);
  });
});
