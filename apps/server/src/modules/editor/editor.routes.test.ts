import {
  checkQuestion,
  editorCalls,
  questionCalls,
  questionFileSchema,
  type ContentPassage,
  type DraftBody,
} from '@gre/contracts';
import type { questionDrafts } from '@gre/db';
import { questionRevisions, questions } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsFor, createUser, type TestUser } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { sampleDraft, sampleDrafts } from './editor.fixtures.js';

let t: TestApp;
let operator: TestUser;
let admin: TestUser;
let teacher: TestUser;
let learner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  operator = await createUser(t.deps, { isOperator: true, name: '运营小李' });
  admin = await createUser(t.deps, { isAdmin: true });
  teacher = await createUser(t.deps, { isTeacher: true });
  learner = await createUser(t.deps, { roleKind: 'SVIP', baseRoleKind: 'SVIP' });
});
afterAll(() => t.close());

const count = async (table: typeof questions | typeof questionRevisions | typeof questionDrafts) =>
  (await t.deps.database.db.select().from(table)).length;

const publishNew = (body: DraftBody, who: TestUser = operator) =>
  t.call(editorCalls.publish, { body, base_revision: 0 }, who);

describe('question editor', () => {
  it('admits operators and admins; refuses teachers, learners and anonymous callers', async () => {
    for (const who of [operator, admin]) expect((await t.call(editorCalls.find, {}, who)).err).toBeNull();
    for (const who of [teacher, learner]) expect((await t.call(editorCalls.find, {}, who)).err?.kind).toBe('forbidden');
    expect((await t.call(editorCalls.find, {})).err?.kind).toBe('unauthorized');
    const body = sampleDraft('tc1', 'perm');
    expect((await t.call(editorCalls.publish, { body, base_revision: 0 }, teacher)).err?.kind).toBe('forbidden');
    expect((await t.call(editorCalls.saveDraft, { body }, learner)).err?.kind).toBe('forbidden');
  });

  it('publishes a valid question of each of the 13 kinds under the next id of its pattern', async () => {
    const ids: string[] = [];
    for (const [kind, body] of sampleDrafts('each')) {
      const r = await publishNew(body);
      expect(r.err, kind).toBeNull();
      expect(r.data.revision).toBe(1);
      ids.push(r.data.question_id);
    }
    expect(ids).toEqual([
      'q-tc1-001',
      'q-tc2-001',
      'q-tc3-001',
      'q-se-001',
      'q-rc-001',
      'q-rc-002',
      'q-rc-003',
      'q-qc-001',
      'q-mcs-001',
      'q-mcm-001',
      'q-num-001',
      'q-frac-001',
      'q-issue-001',
    ]);
    const next = await publishNew(sampleDraft('tc1', 'second'));
    expect(next.data.question_id).toBe('q-tc1-002');
    const rc = await t.call(editorCalls.open, { question_id: 'q-rc-003' }, operator);
    expect(rc.data.body.passage?.id).toMatch(/^p-rc-\d{3}$/);
  });

  it('saves a draft with problems without touching the bank, lists it, and refuses to publish it', async () => {
    const before = await count(questions);
    const broken = sampleDraft('tc2', 'broken');
    broken.question.inquiry = 'No blanks here at all, which the content check refuses.';
    broken.question.standard_answer.selects = ['A'];
    const saved = await t.call(editorCalls.saveDraft, { body: broken }, operator);
    expect(saved.err).toBeNull();
    expect(saved.data.problems.map((p) => p.message).join('\n')).toMatch(/blanks|selected key/);
    const listed = await t.call(editorCalls.find, { status: 'draft' }, operator);
    expect(listed.data.items).toContainEqual(
      expect.objectContaining({ draft_id: saved.data.draft_id, question_id: null, status: 'draft' }),
    );
    const refused = await t.call(
      editorCalls.publish,
      { draft_id: saved.data.draft_id, body: broken, base_revision: 0 },
      operator,
    );
    expect(refused.status).toBe(422);
    expect(refused.err?.kind).toBe('content_invalid');
    expect(refused.err?.detail).toMatch(/blanks/);
    expect(await count(questions)).toBe(before);
    expect((await t.call(editorCalls.open, { draft_id: saved.data.draft_id }, operator)).data.status).toBe('draft');
  });

  it('refuses a near-duplicate of a live stem with no row written', async () => {
    const revisions = await count(questionRevisions);
    const twin = sampleDraft('tc1', 'each');
    const r = await publishNew(twin);
    expect(r.err?.kind).toBe('content_invalid');
    expect(r.err?.detail).toMatch(/q-tc1-001/);
    expect(await count(questionRevisions)).toBe(revisions);
    expect((await auditRowsFor(t.deps, 'editor/publish', 'q-tc1-003')).length).toBe(0);
  });

  it('edits a live question: draft marked modified, publish writes a revision and the audit row, learners see it', async () => {
    const opened = await t.call(editorCalls.open, { question_id: 'q-mcs-001' }, operator);
    expect(opened.data).toMatchObject({ status: 'published', revision: 1 });
    const body = structuredClone(opened.data.body);
    body.question.brief = '改过的简介';
    body.question.inquiry = body.question.inquiry.replace('$2 + 3$', '$3 + 2$');
    const saved = await t.call(editorCalls.saveDraft, { question_id: 'q-mcs-001', body, base_revision: 1 }, operator);
    expect(saved.data.problems).toEqual([]);
    const line = await t.call(editorCalls.find, { query: 'q-mcs-001' }, operator);
    expect(line.data.items[0]).toMatchObject({ status: 'modified', brief: '编辑器样题 mc_single each' });
    const seen = await t.call(questionCalls.get, { ids: ['q-mcs-001'] }, learner);
    expect(seen.data.questions[0]!.brief).toBe('编辑器样题 mc_single each');

    const stale = await t.call(editorCalls.publish, { question_id: 'q-mcs-001', body, base_revision: 0 }, operator);
    expect(stale.err?.kind).toBe('conflict');
    const done = await t.call(
      editorCalls.publish,
      { question_id: 'q-mcs-001', draft_id: saved.data.draft_id, body, base_revision: 1 },
      admin,
    );
    expect(done.data).toMatchObject({ question_id: 'q-mcs-001', revision: 2 });
    const now = await t.call(questionCalls.get, { ids: ['q-mcs-001'] }, learner);
    expect(now.data.questions[0]!.brief).toBe('改过的简介');
    expect(now.data.questions[0]!.inquiry).toContain('$3 + 2$');
    expect((await t.call(editorCalls.open, { question_id: 'q-mcs-001' }, operator)).data.status).toBe('published');

    const history = await t.call(editorCalls.history, { question_id: 'q-mcs-001' }, operator);
    expect(history.data.items.map((r) => r.revision)).toEqual([2, 1]);
    expect(history.data.items[0]!.before?.question.brief).toBe('编辑器样题 mc_single each');
    expect(history.data.items[0]!.after.question.brief).toBe('改过的简介');
    expect(history.data.items[1]!.before).toBeNull();
    expect(history.data.items[1]!.actor_name).toBe('运营小李');
    const audit = await auditRowsFor(t.deps, 'editor/publish', 'q-mcs-001');
    expect(audit.map((a) => [a.actorRole, a.targetKind])).toEqual([
      ['operator', 'question'],
      ['admin', 'question'],
    ]);
  });

  it('loads an old revision into a draft and publishes it as a new revision, never rewriting history', async () => {
    const history = await t.call(editorCalls.history, { question_id: 'q-mcs-001' }, operator);
    const old = history.data.items.find((r) => r.revision === 1)!.after;
    const r = await t.call(editorCalls.publish, { question_id: 'q-mcs-001', body: old, base_revision: 2 }, operator);
    expect(r.data.revision).toBe(3);
    const rows = await t.deps.database.db
      .select()
      .from(questionRevisions)
      .where(eq(questionRevisions.questionId, 'q-mcs-001'));
    expect(rows.map((x) => x.revision).sort()).toEqual([1, 2, 3]);
  });

  it('exports one question and everything published since a time as a bank file the content check accepts', async () => {
    const one = await t.call(editorCalls.export, { question_id: 'q-rc-003' }, operator);
    expect(one.data.file_name).toBe('editor-q-rc-003.json');
    expect(one.data.passages).toHaveLength(1);
    // The export is the question as published: the content format round-trips through the live bank.
    const published = await t.call(editorCalls.history, { question_id: 'q-rc-003' }, operator);
    expect(one.data.questions[0]).toEqual(published.data.items[0]!.after.question);
    expect(one.data.passages[0]).toEqual(published.data.items[0]!.after.passage);
    const all = await t.call(editorCalls.export, { since_stamp: 0 }, operator);
    expect(all.data.questions.length).toBeGreaterThanOrEqual(14);
    const file = questionFileSchema.parse(
      JSON.parse(JSON.stringify({ passages: all.data.passages, questions: all.data.questions })),
    );
    const passages = new Map<string, ContentPassage>(file.passages.map((p) => [p.id, p]));
    for (const q of file.questions) expect(checkQuestion(q, passages), q.id).toEqual([]);
    const later = await t.call(editorCalls.export, { since_stamp: Math.floor(Date.now() / 1000) + 3600 }, operator);
    expect(later.data.questions).toEqual([]);
  });

  it('refuses hostile and oversized input with a 4xx', async () => {
    const body = sampleDraft('tc1', 'hostile');
    const huge = { ...body, question: { ...body.question, inquiry: 'x'.repeat(4001) } };
    expect((await t.call(editorCalls.saveDraft, { body: huge }, operator)).status).toBe(400);
    const extra = { ...body, question: { ...body.question, is_admin: true } };
    expect((await t.call(editorCalls.publish, { body: extra, base_revision: 0 }, operator)).status).toBe(400);
    const nul = { ...body, question: { ...body.question, inquiry: 'a\u0000b' } };
    expect((await t.call(editorCalls.saveDraft, { body: nul }, operator)).status).toBe(400);
    expect((await t.call(editorCalls.open, { question_id: 'q-nope-999' }, operator)).err?.kind).toBe('not_found');
    expect((await t.call(editorCalls.open, {}, operator)).status).toBe(400);
    const sql = { ...body, question: { ...body.question, inquiry: "x'; drop table questions; -- {{1}}" } };
    expect((await t.call(editorCalls.find, { query: "%' or 1=1 --" }, operator)).err).toBeNull();
    expect((await t.call(editorCalls.saveDraft, { body: sql }, operator)).err).toBeNull();
    expect(await count(questions)).toBeGreaterThan(0);
  });
});
