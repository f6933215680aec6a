import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The module faces and layers of decision 018 hold only while lint refuses their breach: snippets placed at module
 * paths go through the repository's own eslint.config.js, and each deliberate breach must be reported by its rule.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  // The snippets are no files on disk, so no tsconfig holds them and the project service could not type them; the
  // rules under test read imports, not types.
  eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
});

/** The rules that report `code` as if it were the file at `path` (relative to the repository). */
async function rulesHit(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return [...new Set(result!.messages.map((m) => m.ruleId ?? m.message))];
}

describe('module faces', () => {
  it("refuse a deep import of another module's repository", async () => {
    const code = "import { findUserById } from '../users/users.repository.js';\nexport const probe = findUserById;\n";
    expect(await rulesHit(code, 'apps/server/src/modules/exams/probe.service.ts')).toContain('no-restricted-imports');
  });

  it("refuse another module's internals from a nested folder and from outside modules/", async () => {
    const nested =
      "import { recordSectionStudy } from '../../summary/study.js';\nexport const probe = recordSectionStudy;\n";
    expect(await rulesHit(nested, 'apps/server/src/modules/exams/grading/probe.ts')).toContain('no-restricted-imports');
    const plugin =
      "import { touchSession } from '../modules/auth/sessions.repository.js';\nexport const probe = touchSession;\n";
    expect(await rulesHit(plugin, 'apps/server/src/plugins/probe.ts')).toContain('no-restricted-imports');
  });

  it("refuse a test that opens another module's fixture file instead of test/fixtures.ts", async () => {
    const code = "import { createUser } from '../users/users.fixtures.js';\nexport const probe = createUser;\n";
    expect(await rulesHit(code, 'apps/server/src/modules/exams/probe.test.ts')).toContain('no-restricted-imports');
  });

  it("let a module use another's face, and its own tests use its internals", async () => {
    const face = "import { toUserDto } from '../users/index.js';\nexport const probe = toUserDto;\n";
    expect(await rulesHit(face, 'apps/server/src/modules/auth/probe.service.ts')).toEqual([]);
    const own = "import { findExam } from './exams.repository.js';\nexport const probe = findExam;\n";
    expect(await rulesHit(own, 'apps/server/src/modules/exams/probe.test.ts')).toEqual([]);
  });

  it('refuse an import that closes a cycle between modules', async () => {
    // exams already uses the questions face, so questions using the exams face would close a loop.
    const code = "import { examsModule } from '../exams/index.js';\nexport const probe = examsModule;\n";
    expect(await rulesHit(code, 'apps/server/src/modules/questions/questions.service.ts')).toContain(
      'import-x/no-cycle',
    );
  }, 60_000);
});

describe('layers', () => {
  const query = "import { sql } from 'drizzle-orm';\nexport const probe = sql`select 1`;\n";

  it('refuse drizzle in a service, a route or lib, and the bare driver outside repositories', async () => {
    expect(await rulesHit(query, 'apps/server/src/modules/exams/probe.service.ts')).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await rulesHit(query, 'apps/server/src/lib/probe.ts')).toContain('@typescript-eslint/no-restricted-imports');
    const raw = "import { rawQuery } from '../../lib/raw-query.js';\nexport const probe = rawQuery;\n";
    expect(await rulesHit(raw, 'apps/server/src/modules/crafts/probe.ts')).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
  });

  it('refuse a route that calls a repository', async () => {
    const code = "import { findExam } from './exams.repository.js';\nexport const probe = findExam;\n";
    expect(await rulesHit(code, 'apps/server/src/modules/exams/probe.routes.ts')).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
  });

  it('let repositories and tests build SQL', async () => {
    expect(await rulesHit(query, 'apps/server/src/modules/exams/probe.repository.ts')).toEqual([]);
    expect(await rulesHit(query, 'apps/server/src/modules/exams/probe.test.ts')).toEqual([]);
  });
});
