import { craftCalls, noteSchema, type CraftNote, type CraftUpdateKind } from '@gre/contracts';
import { crafts, type Db } from '@gre/db';
import { userWithToken } from '../../../test/actors.js';
import type { TestApp } from '../../../test/test-app.js';

// Test fixtures of the craft tests: a learner's client for the craft and collect calls, notes, and a wrong answer
// written the way the exams module writes it.

export type UpdateBody = {
  update_kind: CraftUpdateKind;
  craft_id?: number;
  question_id: string;
  craft: Record<string, unknown>;
  source?: Record<string, unknown>;
  q_category?: number;
};

export function craftClient(t: TestApp, token: string, userId: number) {
  const c = <C extends (typeof craftCalls)[keyof typeof craftCalls]>(call: C, body: Record<string, unknown>) =>
    t.call(call, body, { token });
  return {
    token,
    userId,
    update: (b: UpdateBody) => c(craftCalls.updateV2, { craft_id: 0, q_category: 0, ...b }),
    note: (question_id: string, note: Partial<CraftNote> | Record<string, unknown>, craft_id = 0) =>
      c(craftCalls.updateV2, { update_kind: 'Note', craft_id, question_id, craft: { note }, q_category: 0 }),
    collect: (question_id: string, collected: boolean, collect_ids: number[] = []) =>
      c(craftCalls.updateV2, {
        update_kind: 'Collect',
        craft_id: 0,
        question_id,
        craft: { collect: { collected, collect_ids } },
        q_category: 0,
      }),
    card: (question_id: string, collected: boolean, range_kind = 1) =>
      c(craftCalls.updateV2, {
        update_kind: 'Card',
        craft_id: 0,
        question_id,
        craft: { card: { collected, range_kind, finished: false, collect_time_stamp: 12345 } },
        q_category: 0,
      }),
    improve: (question_id: string, improvement: string, mastery?: number) =>
      c(craftCalls.updateV2, {
        update_kind: 'Improvement',
        craft_id: 0,
        question_id,
        craft: { improvement: mastery === undefined ? { improvement } : { improvement, mastery } },
        q_category: 0,
      }),
    get: (question_ids: string[]) => c(craftCalls.get, { question_ids }),
    list: (body: Record<string, unknown>) => c(craftCalls.list, body),
    summary: () => c(craftCalls.summary, {}),
    tree: () => c(craftCalls.reviewTree, {}),
    reasonLib: () => c(craftCalls.reasonLib, {}),
    addTag: (name: string, desp?: string) => c(craftCalls.collectAdd, desp === undefined ? { name } : { name, desp }),
    tags: () => c(craftCalls.collectGetAll, {}),
  };
}
export type CraftClient = ReturnType<typeof craftClient>;

export async function craftLearner(
  t: TestApp,
  overrides: Parameters<typeof userWithToken>[1] = {},
): Promise<CraftClient> {
  const { user, token } = await userWithToken(t.deps.database.db, { roleKind: 'VIP', ...overrides });
  return craftClient(t, token, user.id);
}

/** A full note (every default filled), with the given text in each text input. */
export function fullNote(text: string, extra: Partial<CraftNote> = {}): CraftNote {
  return noteSchema.parse({
    text_input: { review: text, difficulty: `${text}-d`, new_way: '', puzzle: '', note: text },
    ...extra,
  });
}

/** A wrong answer and an essay as grading/grading.service.ts stores them (no page in the source, no score yet). */
export async function insertExamCraft(db: Db, userId: number, questionId: string) {
  const source = { name: '模考 1', exam_id: 7, template_id: null, update_time_stamp: 1_700_000_000 };
  const wrong = {
    answer: { selects: ['A'], multi_selects: [], text: '', text2: '', essay: '' },
    time: 42,
    source,
    count: 2,
  };
  const issue = { answer: 'my essay', result: { status: 'Judging' }, source };
  const [row] = await db.insert(crafts).values({ userId, questionId, wrong, issue }).returning();
  return row!;
}
