import { join } from 'node:path';
import { BANK_RULES, ideaCalls, questionCalls, type QuestionBrief } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { CONTENT_DIR, importPackage, readPackageFrom } from '../content-import/index.js';
import { pkg, tc1 } from '../../../test/fixtures.js';

let t: TestApp;
const tokens: Record<'trail' | 'free' | 'teacher', string> = {} as never;
/** The shipped Issue prompts, as the content check reads them. */
let shipped: { id: string; visibility: string; difficulty: string }[] = [];

/** A staff-only Issue prompt beside the shipped ones, with a word no shipped prompt uses. */
function hiddenIssue(): Record<string, unknown> {
  return {
    id: 'q-issue-hidden',
    category: 4,
    kind: 'issue',
    difficulty: 'easy',
    description: 'Issue Task: 30 minutes',
    inquiry:
      'Zeppelins should return as the main way to cross oceans.\n\nWrite a response in which you discuss the extent to which you agree or disagree.',
    input_method: { kind: 'Essay', option_groups: [], group_size: 0, option_size: 0 },
    standard_answer: { description: '强文会区分速度与排放。' },
    analysis: {
      // The content check wants the outline and a sample essay after its marker.
      text: `**立场选择**：部分同意。\n\n${BANK_RULES.sampleMarker}\n\n${'Airships are slow, but they are quiet and clean. '.repeat(40)}`,
      key_words: [],
      synonyms: [],
      antonyms: [],
    },
    visibility: 'hidden',
    brief: '飞艇是否应重返越洋交通',
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  const issueFiles = readPackageFrom(join(CONTENT_DIR, 'bank/issue'));
  shipped = issueFiles.flatMap((f) => (JSON.parse(f.text) as { questions: typeof shipped }).questions);
  // Other categories beside the prompts: the library must list Issue prompts only.
  await importPackage(db, [
    ...issueFiles,
    ...pkg({ 'bank/extra.json': { questions: [tc1('q-idea-tc'), hiddenIssue()] } }),
  ]);
  tokens.trail = (await userWithToken(db, { roleKind: 'Trail' })).token;
  tokens.free = (await userWithToken(db, { roleKind: 'FreeVIP' })).token;
  tokens.teacher = (await userWithToken(db, { isTeacher: true })).token;
});
afterAll(() => t.close());

const list = (who: keyof typeof tokens, body: Record<string, unknown> = {}) =>
  t.call(ideaCalls.list, body, { token: tokens[who] });
const ids = (items: QuestionBrief[]) => items.map((i) => i.id);
/** Every page of the list (the library holds more prompts than one page). */
async function listAll(who: keyof typeof tokens) {
  const items: QuestionBrief[] = [];
  for (let page = 1; ; page++) {
    const res = await list(who, { page });
    expect(res.status).toBe(200);
    items.push(...res.data.items);
    if (items.length >= res.data.total) return { items, total: res.data.total };
  }
}

describe('/api/idea/list', () => {
  it('lists every shipped prompt to a trial member, locked ones marked and without their stem', async () => {
    const res = { data: await listAll('trail') };
    expect(shipped.length).toBeGreaterThanOrEqual(60);
    expect(ids(res.data.items)).toEqual(shipped.map((q) => q.id).sort());
    expect(res.data.total).toBe(shipped.length);
    const locked = new Set(shipped.filter((q) => q.visibility === 'locked').map((q) => q.id));
    expect(locked.size).toBeGreaterThan(0);
    for (const item of res.data.items) {
      expect(item).toMatchObject({ category: 4, kind: 'issue', accessable: !locked.has(item.id) });
      expect(item.brief).not.toBe('');
      if (locked.has(item.id)) expect(item.preview).toBe('');
      else expect(item.preview.length).toBeGreaterThan(20);
    }
  });

  it('opens every prompt it lists as open and refuses every locked one with public_only', async () => {
    const { items } = await listAll('trail');
    const open = items.filter((i) => i.accessable).map((i) => i.id);
    const got = await t.call(questionCalls.get, { ids: open.slice(0, 50) }, { token: tokens.trail });
    expect(got.data.questions.every((q) => q.analysis !== null && q.analysis.text.length > 0)).toBe(true);
    for (const item of items.filter((i) => !i.accessable)) {
      const res = await t.call(questionCalls.get, { ids: [item.id] }, { token: tokens.trail });
      expect(res.err?.kind, item.id).toBe('public_only');
    }
  });

  it('marks every prompt open for FreeVIP; hidden prompts stay staff-only', async () => {
    const free = { data: await listAll('free') };
    expect(free.data.items.every((i) => i.accessable && i.preview !== '')).toBe(true);
    expect(ids(free.data.items)).not.toContain('q-issue-hidden');
    const staff = { data: await listAll('teacher') };
    expect(ids(staff.data.items)).toContain('q-issue-hidden');
    expect(staff.data.total).toBe(shipped.length + 1);
  });

  it('filters by difficulty and pages with a stable total', async () => {
    const hard = await list('trail', { difficulty: 'hard' });
    expect(ids(hard.data.items)).toEqual(
      shipped
        .filter((q) => q.difficulty === 'hard')
        .map((q) => q.id)
        .sort(),
    );
    const first = await list('trail', { page: 1, page_size: 10 });
    const third = await list('trail', { page: 3, page_size: 10 });
    expect(first.data).toMatchObject({ total: shipped.length, page: 1, page_size: 10 });
    expect(first.data.items).toHaveLength(10);
    expect(ids(third.data.items)).toEqual(
      shipped
        .map((q) => q.id)
        .sort()
        .slice(20, 30),
    );
  });

  it('finds open prompts by words of the stem or outline, locked ones only by their Chinese title', async () => {
    // 'translation' is in the stem of a locked prompt (q-issue-008); its title is 认真理解外国文学是否必须读原文.
    expect(ids((await list('trail', { keyword: 'translation' })).data.items)).not.toContain('q-issue-008');
    expect(ids((await list('free', { keyword: 'Translation' })).data.items)).toContain('q-issue-008');
    expect(ids((await list('trail', { keyword: '外国文学' })).data.items)).toEqual(['q-issue-008']);
    // Public prompts: stem words and outline words both match.
    expect(ids((await list('trail', { keyword: 'scientific theory' })).data.items)).toContain('q-issue-001');
    expect(ids((await list('trail', { keyword: '玻尔' })).data.items)).toContain('q-issue-001');
    // LIKE wildcards are literal; no prompt holds a percent sign.
    expect((await list('trail', { keyword: '%%' })).data.total).toBe(0);
  });

  it('refuses bad filters and anonymous callers with clear kinds', async () => {
    expect((await list('trail', { keyword: 'a' })).err?.kind).toBe('invalid_input');
    expect((await list('trail', { difficulty: 'brutal' })).err?.kind).toBe('invalid_input');
    expect((await list('trail', { page_size: 51 })).err?.kind).toBe('invalid_input');
    expect((await t.call(ideaCalls.list, {})).err?.kind).toBe('unauthorized');
  });
});
