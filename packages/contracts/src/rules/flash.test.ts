import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_STAGES,
  FLASH_ROUND_SIZE,
  FLASH_SOURCE_NAMES,
  FLASH_SOURCES,
  nextStage,
  pickRound,
  sourceOfRangeKind,
  stageBuckets,
  stepOf,
  type CardStage,
  type StepOutcome,
} from './flash.js';

const stage = fc.constantFrom(...CARD_STAGES);
const outcome = fc.constantFrom<StepOutcome>('pass', 'miss');
const rank = (s: CardStage) => CARD_STAGES.indexOf(s);

/** A card's walk from NotSeen through a sequence of outcomes, one step per round. */
function walk(outcomes: readonly StepOutcome[]): CardStage[] {
  const path: CardStage[] = ['NotSeen'];
  for (const o of outcomes) path.push(nextStage(path[path.length - 1]!, o));
  return path;
}

describe('card stages', () => {
  it('a step moves a card at most one stage up, and a pass of the stage below is the only way in', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 40 }), (outcomes) => {
        const path = walk(outcomes);
        for (let i = 1; i < path.length; i++) {
          const [from, to] = [path[i - 1]!, path[i]!];
          if (from === 'Master') expect(to).toBe('Master');
          else if (outcomes[i - 1] === 'miss') expect(to).toBe('Learn');
          // NotSeen counts as Learn: its pass lands on Quiz, like Learn's.
          else expect(rank(to)).toBe(Math.max(rank(from), rank('Learn')) + 1);
        }
      }),
    );
  });

  it('Master only through an Exam pass, which needs a Quiz pass, which needs a flip pass', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 40 }), (outcomes) => {
        const path = walk(outcomes);
        const first = (s: CardStage) => path.indexOf(s);
        const m = first('Master');
        if (m < 0) return;
        expect(path[m - 1]).toBe('Exam');
        expect(outcomes[m - 1]).toBe('pass');
        const e = path.lastIndexOf('Exam', m - 1);
        // The Exam the card passed from was reached by a Quiz pass, that Quiz by a flip pass (NotSeen or Learn).
        const q = path.lastIndexOf('Quiz', e);
        expect(q).toBeGreaterThanOrEqual(0);
        expect(path.slice(q + 1, e + 1).every((s) => s === 'Exam')).toBe(true);
        expect(outcomes[e - 1]).toBe('pass');
        expect(['NotSeen', 'Learn']).toContain(path[q - 1]);
        expect(outcomes[q - 1]).toBe('pass');
        // At least three passes in a row end on Master: no stage skipped.
        expect(outcomes.slice(m - 3, m)).toEqual(['pass', 'pass', 'pass']);
      }),
    );
  });

  it('a miss always lands on Learn, whatever the stage (Master stays)', () => {
    fc.assert(
      fc.property(stage, (s) => {
        expect(nextStage(s, 'miss')).toBe(s === 'Master' ? 'Master' : 'Learn');
      }),
    );
  });

  it('each stage takes its own step; Master takes none', () => {
    expect(CARD_STAGES.map(stepOf)).toEqual(['flip', 'flip', 'quiz', 'exam', null]);
  });
});

describe('buckets', () => {
  it('sum to the deck, are in stage order, and each progress is its share', () => {
    fc.assert(
      fc.property(fc.array(stage, { maxLength: 300 }), (stages) => {
        const buckets = stageBuckets(stages);
        expect(buckets.map((b) => b.stage)).toEqual([...CARD_STAGES]);
        expect(buckets.reduce((n, b) => n + b.count, 0)).toBe(stages.length);
        for (const b of buckets) {
          expect(b.count).toBe(stages.filter((s) => s === b.stage).length);
          expect(b.progress).toBeCloseTo(stages.length === 0 ? 0 : b.count / stages.length, 12);
        }
        if (stages.length > 0) expect(buckets.reduce((n, b) => n + b.progress, 0)).toBeCloseTo(1, 9);
      }),
    );
  });
});

describe('pickRound', () => {
  const deck = fc
    .array(stage, { maxLength: 250 })
    .map((stages) => stages.map((s, position) => ({ position, stage: s })));

  it('never picks Master, picks at most `size` without repeats, and every pick is a card of the deck', () => {
    fc.assert(
      fc.property(deck, fc.integer({ min: 0, max: 40 }), (cards, size) => {
        const picked = pickRound(cards, size);
        expect(picked.length).toBeLessThanOrEqual(size);
        expect(new Set(picked).size).toBe(picked.length);
        const byPosition = new Map(cards.map((c) => [c.position, c]));
        for (const p of picked) expect(byPosition.get(p)?.stage).not.toBe('Master');
        // Fewer than `size` only when no other card is left to learn.
        const open = cards.filter((c) => c.stage !== 'Master').length;
        expect(picked.length).toBe(Math.min(size, open));
      }),
    );
  });

  it('takes the furthest along first, deck order within a stage, a full round by default', () => {
    fc.assert(
      fc.property(deck, (cards) => {
        const picked = pickRound(cards);
        expect(picked.length).toBeLessThanOrEqual(FLASH_ROUND_SIZE);
        const order = ['Exam', 'Quiz', 'Learn', 'NotSeen'];
        const stageAt = new Map(cards.map((c) => [c.position, c.stage]));
        for (let i = 1; i < picked.length; i++) {
          const [a, b] = [stageAt.get(picked[i - 1]!)!, stageAt.get(picked[i]!)!];
          expect(order.indexOf(a)).toBeLessThanOrEqual(order.indexOf(b));
          if (a === b) expect(picked[i - 1]!).toBeLessThan(picked[i]!);
        }
      }),
    );
  });
});

describe('sources', () => {
  it('range kinds are 1–10 and map back to their source', () => {
    for (const name of FLASH_SOURCE_NAMES) expect(sourceOfRangeKind(FLASH_SOURCES[name])).toBe(name);
    expect(sourceOfRangeKind(0)).toBeNull();
    expect(sourceOfRangeKind(11)).toBeNull();
  });
});
