import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALIBRATION,
  estimateRasch,
  labelFromLogit,
  medianOf,
  shownDifficulty,
  type Difficulty,
  type Response,
} from './calibration.js';
import { seededRandom } from './random.js';

/** Learners with abilities from N(0,1) answering every item under the Rasch model with the given true b. */
function simulate(trueB: number[], learners: number, seed: number): Response[] {
  const rand = seededRandom(String(seed));
  const normal = () => Math.sqrt(-2 * Math.log(rand() || 1e-12)) * Math.cos(2 * Math.PI * rand());
  const out: Response[] = [];
  for (let p = 0; p < learners; p++) {
    const theta = normal();
    trueB.forEach((b, i) => out.push({ person: p, item: `q${i}`, correct: rand() < 1 / (1 + Math.exp(b - theta)) }));
  }
  return out;
}

const spearman = (a: number[], b: number[]) => {
  const rank = (v: number[]) => {
    const order = v.map((x, i) => [x, i] as const).sort((x, y) => x[0] - y[0]);
    const r = new Array<number>(v.length);
    order.forEach(([, i], k) => (r[i] = k));
    return r;
  };
  const ra = rank(a);
  const rb = rank(b);
  const n = a.length;
  const d2 = ra.reduce((s, x, i) => s + (x - rb[i]!) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
};

describe('estimateRasch', () => {
  it('recovers the order and the scale of known difficulties from 400 simulated learners', () => {
    const trueB = Array.from({ length: 24 }, (_, i) => -2 + (4 * i) / 23);
    const est = estimateRasch(simulate(trueB, 400, 7), () => 'medium');
    const fitted = trueB.map((_, i) => est.get(`q${i}`)!.b);
    expect(spearman(trueB, fitted)).toBeGreaterThan(0.95);
    // The prior shrinks toward 0 a little; the mean absolute error stays well under a third of a logit.
    const mae = fitted.reduce((s, b, i) => s + Math.abs(b - trueB[i]!), 0) / trueB.length;
    expect(mae).toBeLessThan(0.3);
    for (const [, e] of est) expect(e.n).toBe(400);
  });

  it('keeps the author label when there is no data to move it, and moves it when the data disagree', () => {
    const prior = (id: string): Difficulty => (id === 'hardLabel' ? 'hard' : 'medium');
    // One answer only: the prior dominates.
    const thin = estimateRasch([{ person: 1, item: 'hardLabel', correct: true }], prior);
    expect(thin.get('hardLabel')!.b).toBeGreaterThan(0.5);
    // 60 learners of average ability, 57 right: the "hard" item is easy.
    const easy = estimateRasch(
      [
        ...Array.from({ length: 60 }, (_, p) => ({ person: p, item: 'hardLabel', correct: p >= 3 })),
        ...Array.from({ length: 60 }, (_, p) => ({ person: p, item: 'anchor', correct: p % 2 === 0 })),
      ],
      prior,
    );
    expect(labelFromLogit(easy.get('hardLabel')!.b)).toBe('easy');
    expect(easy.get('hardLabel')!.pCorrect).toBeCloseTo(57 / 60);
  });

  it('is monotone: an item answered right more often is never fitted harder (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom<Difficulty>('easy', 'medium', 'hard'),
        (rightA, rightB, label) => {
          const responses: Response[] = [];
          for (let p = 0; p < 40; p++) {
            responses.push({ person: p, item: 'a', correct: p < rightA });
            responses.push({ person: p, item: 'b', correct: p < rightB });
          }
          const est = estimateRasch(responses, () => label);
          const [a, b] = [est.get('a')!.b, est.get('b')!.b];
          if (rightA > rightB) expect(a).toBeLessThan(b + 1e-9);
          if (rightA === rightB) expect(Math.abs(a - b)).toBeLessThan(1e-6);
          expect(Number.isFinite(a) && Number.isFinite(est.get('a')!.se)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('stays finite for all-right and all-wrong items, and its standard error shrinks with more answers', () => {
    const all = (item: string, n: number, correct: boolean) =>
      Array.from({ length: n }, (_, p) => ({ person: p, item, correct }));
    const est = estimateRasch([...all('r', 50, true), ...all('w', 50, false), ...all('few', 5, true)], () => 'medium');
    for (const id of ['r', 'w', 'few']) expect(Number.isFinite(est.get(id)!.b)).toBe(true);
    expect(est.get('r')!.b).toBeLessThan(est.get('w')!.b);
    expect(est.get('r')!.se).toBeLessThan(est.get('few')!.se);
  });

  it('is deterministic', () => {
    const r = simulate([-1, 0, 1], 50, 3);
    expect([...estimateRasch(r, () => 'medium')]).toEqual([...estimateRasch(r, () => 'medium')]);
  });
});

describe('labels', () => {
  it('reads b against the cuts, time deciding only near a cut (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -6, max: 6, noNaN: true }), fc.option(fc.boolean()), (b, slower) => {
        const label = labelFromLogit(b, slower ?? undefined);
        const { cut, timeBand } = CALIBRATION;
        if (b < -cut - timeBand) expect(label).toBe('easy');
        if (b > cut + timeBand) expect(label).toBe('hard');
        if (Math.abs(b) < cut - timeBand) expect(label).toBe('medium');
        if (slower === null) expect(label).toBe(b < -cut ? 'easy' : b > cut ? 'hard' : 'medium');
        // Being slower never makes a question easier.
        const order = { easy: 0, medium: 1, hard: 2 };
        expect(order[labelFromLogit(b, true)]).toBeGreaterThanOrEqual(order[labelFromLogit(b, false)]);
      }),
    );
  });

  it('shows the author label until the data have enough answers', () => {
    expect(shownDifficulty('hard', 'easy', CALIBRATION.minResponses - 1)).toBe('hard');
    expect(shownDifficulty('hard', 'easy', CALIBRATION.minResponses)).toBe('easy');
    expect(shownDifficulty('medium', null, 500)).toBe('medium');
  });

  it('medianOf', () => {
    expect(medianOf([])).toBe(0);
    expect(medianOf([5, 1, 3])).toBe(3);
    expect(medianOf([4, 1, 3, 2])).toBe(2.5);
  });
});
