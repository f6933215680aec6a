/** A stretch of the essay and the comments (by index) whose sentences cover all of it. */
export interface EssayRun {
  text: string;
  start: number;
  marks: number[];
}

type Range = readonly [number, number];

/**
 * The essay cut into runs at every edge of the comments' character ranges ([start, end) into `text`), each run with
 * the comments that cover it; neighbouring runs covered by the same comments are one. Ranges are clamped to the text
 * and empty or reversed ones dropped, so a judge's stray figure can never lose or repeat a character.
 */
export function essayRuns(text: string, rangesByComment: readonly (readonly Range[])[]): EssayRun[] {
  const len = text.length;
  const clamp = (n: number) => Math.min(len, Math.max(0, Math.trunc(n)));
  const kept = rangesByComment.map((ranges) =>
    ranges.map(([s, e]) => [clamp(s), clamp(e)] as const).filter(([s, e]) => s < e),
  );
  const edges = new Set<number>([0, len]);
  for (const ranges of kept) for (const [s, e] of ranges) edges.add(s).add(e);
  const cuts = [...edges].sort((a, b) => a - b);
  const runs: EssayRun[] = [];
  for (let i = 0; i + 1 < cuts.length; i += 1) {
    const start = cuts[i]!;
    const end = cuts[i + 1]!;
    const marks = kept.flatMap((ranges, c) => (ranges.some(([s, e]) => s <= start && e >= end) ? [c] : []));
    const last = runs.at(-1);
    if (last && last.marks.join() === marks.join()) last.text += text.slice(start, end);
    else runs.push({ text: text.slice(start, end), start, marks });
  }
  return runs;
}
