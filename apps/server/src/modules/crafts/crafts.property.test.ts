import { MASTERY_MAX, noteSchema, type Craft, type CraftNote } from '@gre/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';
import { accessPackage } from '../../../test/fixtures.js';
import { toCraft } from './craft-view.js';
import { craftLearner, insertExamCraft } from './crafts.fixtures.js';

// Model-based: an expected craft is kept beside the real one, each update_v2 is applied to both, and after every call
// the whole craft must equal the model — so a kind that touched a part it does not own would show at once.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await importPackage(t.deps.database.db, accessPackage());
});
afterAll(() => t.close());

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('<script>alert(1)</script>', '中文 &amp; <b>粗体</b>', "'; drop table crafts; --", ''),
);
const noteArb = fc
  .record({
    text_input: fc.record({ review: text, difficulty: text, new_way: text, puzzle: text, note: text }),
    reasons: fc.array(
      fc.record({
        name: fc.string({ minLength: 1, maxLength: 8 }),
        type: fc.constantFrom('knowledge', 'skill', 'habit'),
        checked: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
    review: fc.record({
      mastery: fc.integer({ min: 0, max: MASTERY_MAX }),
      reviewed: fc.boolean(),
      improvement: text,
      reasons: fc.array(fc.record({ reason_id: fc.constantFrom('f-logic', 'f-vocab', 'x'), input: text }), {
        maxLength: 2,
      }),
    }),
  })
  .map((n) => noteSchema.parse(n));

type Command =
  | { kind: 'Note'; note: CraftNote }
  | { kind: 'Collect'; collected: boolean; tags: number[] }
  | { kind: 'Card'; collected: boolean; range_kind: number; finished: boolean }
  | { kind: 'Improvement'; improvement: string; mastery: number | undefined };

const commandArb: fc.Arbitrary<Command & { named: boolean }> = fc.oneof(
  fc.record({ kind: fc.constant('Note' as const), note: noteArb, named: fc.boolean() }),
  fc.record({
    kind: fc.constant('Collect' as const),
    collected: fc.boolean(),
    tags: fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 4 }),
    named: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('Card' as const),
    collected: fc.boolean(),
    range_kind: fc.integer({ min: 0, max: 10 }),
    finished: fc.boolean(),
    named: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('Improvement' as const),
    improvement: text,
    mastery: fc.option(fc.integer({ min: 0, max: MASTERY_MAX }), { nil: undefined }),
    named: fc.boolean(),
  }),
);

const EMPTY_NOTE = noteSchema.parse({});

/** What the model expects after a command: only the command's own part changes. */
function apply(model: Craft, c: Command, tagIds: number[]): Craft {
  switch (c.kind) {
    case 'Note':
      return { ...model, note: c.note };
    case 'Collect':
      return {
        ...model,
        collect: {
          collected: c.collected,
          collect_ids: c.collected ? [...new Set(c.tags.map((i) => tagIds[i]!))] : [],
          word: null,
        },
      };
    case 'Card':
      return {
        ...model,
        card: {
          collected: c.collected,
          // The server sets the card tag from the source (none here: 'card', 3); the client's is ignored.
          range_kind: c.collected ? 3 : 0,
          finished: c.finished,
          collect_time_stamp: c.collected ? -1 : 0,
        },
      };
    case 'Improvement': {
      const note = model.note ?? EMPTY_NOTE;
      return {
        ...model,
        note: {
          ...note,
          review: {
            ...note.review,
            improvement: c.improvement,
            ...(c.mastery === undefined ? {} : { mastery: c.mastery }),
          },
        },
      };
    }
  }
}

function body(c: Command, tagIds: number[]) {
  switch (c.kind) {
    case 'Note':
      return { note: c.note };
    case 'Collect':
      return { collect: { collected: c.collected, collect_ids: c.tags.map((i) => tagIds[i]!) } };
    case 'Card':
      return { card: { collected: c.collected, range_kind: c.range_kind, finished: c.finished } };
    case 'Improvement':
      return {
        improvement:
          c.mastery === undefined ? { improvement: c.improvement } : { improvement: c.improvement, mastery: c.mastery },
      };
  }
}

/** The card's stamp is the server's clock: the model only knows whether it is set. */
const comparable = (c: Craft) => ({
  ...c,
  updated_at: 0,
  card: c.card && { ...c.card, collect_time_stamp: c.card.collect_time_stamp > 0 ? -1 : c.card.collect_time_stamp },
});

describe('update_v2 (property)', () => {
  it('any sequence of updates keeps every part it did not touch', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 8 }), async (commands) => {
        const me = await craftLearner(t);
        const tagIds = [];
        for (const name of ['a', 'b', 'c']) tagIds.push((await me.addTag(name)).data.collect.id);
        let model = toCraft(await insertExamCraft(t.deps.database.db, me.userId, 'q-pub'));
        for (const c of commands) {
          const res = await me.update({
            update_kind: c.kind,
            craft_id: c.named ? model.id : 0,
            question_id: 'q-pub',
            craft: body(c, tagIds),
          });
          expect(res.err).toBeNull();
          model = apply(model, c, tagIds);
          expect(comparable(res.data.craft)).toEqual(comparable(model));
        }
        const stored = (await me.get(['q-pub'])).data.crafts;
        expect(stored.map(comparable)).toEqual([comparable(model)]);
      }),
      { numRuns: 25 },
    );
  });
});
