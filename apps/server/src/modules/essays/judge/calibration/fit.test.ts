import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES, type Features } from '../features.js';
import { rawScore } from '../model.js';
import { isHeldOut, readCorpus, splitByWriter, fromGre, toGre } from './corpus.js';
import { fitModel, solve, type Sample } from './fit.js';

const features = (over: Partial<Features>): Features =>
  ({ ...Object.fromEntries(FEATURE_NAMES.map((n) => [n, 0])), ...over }) as Features;

describe('the fit', () => {
  it('solves a linear system', () => {
    const x = solve(
      [
        [4, 1, 0],
        [1, 3, 1],
        [0, 1, 2],
      ],
      [6, 10, 8],
    );
    expect(x[0]).toBeCloseTo(1);
    expect(x[1]).toBeCloseTo(2);
    expect(x[2]).toBeCloseTo(3);
  });

  it('recovers a linear relation, and its stretch gives the targets’ mean and spread', () => {
    const samples: Sample[] = Array.from({ length: 60 }, (_, i) => {
      const a = Math.sin(i) * 2;
      const b = Math.cos(i * 1.7);
      return { features: features({ log_words: a, mattr: b }), target: 3 + 0.5 * a - 0.25 * b, group: i % 12 };
    });
    const { model, cv } = fitModel(samples, ['log_words', 'mattr']);
    expect(cv.map((c) => c.lambda)).toContain(model.ridge_lambda);
    const predictions = samples.map((s) => rawScore(model, s.features));
    const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
    const sd = (xs: number[]) => Math.sqrt(xs.reduce((acc, x) => acc + (x - mean(xs)) ** 2, 0) / (xs.length - 1));
    expect(mean(predictions)).toBeCloseTo(mean(samples.map((s) => s.target)), 9);
    expect(sd(predictions)).toBeCloseTo(sd(samples.map((s) => s.target)), 9);
    const err = samples.map((s, i) => Math.abs(predictions[i]! - s.target));
    expect(Math.max(...err)).toBeLessThan(0.15);
    expect(model.coef[0]! / model.sd[0]!).toBeGreaterThan(0);
    expect(model.coef[1]! / model.sd[1]!).toBeLessThan(0);
  });
});

describe('the corpus split and mapping', () => {
  it('maps 1 → 1, 2.5 → 3.5, 4 → 6 and back', () => {
    expect([1, 2.5, 4].map(toGre)).toEqual([1, 3.5, 6]);
    expect([1, 3.5, 6].map(fromGre)).toEqual([1, 2.5, 4]);
  });

  it('holds out whole writers, about a quarter of them, the same every time', () => {
    const corpus = readCorpus();
    const { train, heldOut } = splitByWriter(corpus);
    const trainWriters = new Set(train.map((e) => e.writer));
    expect(heldOut.every((e) => !trainWriters.has(e.writer))).toBe(true);
    expect(train.length + heldOut.length).toBe(corpus.length);
    const share = new Set(heldOut.map((e) => e.writer)).size / new Set(corpus.map((e) => e.writer)).size;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.35);
    expect(
      splitByWriter([...corpus].reverse())
        .heldOut.map((e) => e.id)
        .sort(),
    ).toEqual(heldOut.map((e) => e.id).sort());
    expect(heldOut.every((e) => isHeldOut(e.writer))).toBe(true);
  });
});
