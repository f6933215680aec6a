import { CALIBRATION, meanDifficulty, MOCK_SECTIONS, section2Level, type ContentQuestion } from '@gre/contracts';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withCalibration } from './bank.js';
import { checkContent } from './check-content.js';

const shipped = checkContent();
const byId = new Map(shipped.questions.map((q) => [q.id, q]));
const mocks = shipped.books.filter((b) => b.kind === 'mock');
const section = (id: string, name: string): ContentQuestion[] =>
  mocks
    .find((b) => b.id === id)!
    .sections.find((s) => s.section === name)!
    .question_ids.map((i) => byId.get(i)!);

/** Expected section-1 right answers of a learner of ability θ, each item at its label's prior difficulty (Rasch). */
const expectedRaw = (qs: ContentQuestion[], theta: number) =>
  qs.reduce((n, q) => n + 1 / (1 + Math.exp(CALIBRATION.priorMean[q.difficulty] - theta)), 0);

describe('the five mocks', () => {
  it('are five complete adaptive mocks with no question in two of them', () => {
    expect(mocks.map((m) => m.id)).toEqual(['b-mock-1', 'b-mock-2', 'b-mock-3', 'b-mock-4', 'b-mock-5']);
    const all = mocks.flatMap((m) => m.sections.flatMap((s) => s.question_ids));
    expect(new Set(all).size).toBe(all.length);
    for (const m of mocks)
      expect(Object.fromEntries(m.sections.map((s) => [s.section, s.question_ids.length]))).toEqual(MOCK_SECTIONS);
  });

  // docs/scoring.md: section 1 raw 0–4 → easy, 5–8 → medium, 9–12 → hard. With section 1 centred on medium, a learner
  // a standard deviation and a half below the mean is routed easy, an average one medium, one and a half above hard.
  it.each(mocks.map((m) => m.id))(
    '%s routes learners of low, average and high ability to the three section-2 levels',
    (id) => {
      for (const area of ['v', 'q']) {
        const first = section(id, `${area}1`);
        expect(meanDifficulty(first)).toBeGreaterThanOrEqual(1.8);
        expect(meanDifficulty(first)).toBeLessThanOrEqual(2.2);
        expect(section2Level(Math.round(expectedRaw(first, -1.5)))).toBe('easy');
        expect(section2Level(Math.round(expectedRaw(first, 0)))).toBe('medium');
        expect(section2Level(Math.round(expectedRaw(first, 1.5)))).toBe('hard');
        const means = ['easy', 'medium', 'hard'].map((d) => meanDifficulty(section(id, `${area}2-${d}`)));
        expect(means[0]).toBeLessThan(means[1]!);
        expect(means[1]).toBeLessThan(means[2]!);
      }
    },
  );
});

describe('calibration.json', () => {
  it('gives the mocks the difficulty the answers decided, the author label elsewhere; no file, no change', () => {
    const [a, b] = shipped.questions;
    const file = join(mkdtempSync(join(tmpdir(), 'cal-')), 'calibration.json');
    const flipped = a!.difficulty === 'hard' ? 'easy' : 'hard';
    writeFileSync(
      file,
      JSON.stringify({
        exported_stamp: 1,
        min_responses: 30,
        items: [
          { question_id: a!.id, author_difficulty: a!.difficulty, data_difficulty: flipped, responses: 41, b: 1.2 },
        ],
      }),
    );
    const out = withCalibration([a!, b!], file);
    expect(out.map((q) => q.difficulty)).toEqual([flipped, b!.difficulty]);
    expect(withCalibration([a!], join(tmpdir(), 'no-such-calibration.json'))).toEqual([a]);
    writeFileSync(file, JSON.stringify({ items: 'broken' }));
    expect(() => withCalibration([a!], file)).toThrow();
  });
});
