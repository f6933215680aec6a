import type { EssayComment } from '@gre/contracts';
import type { StoredMachine } from './essay-view.js';
import { greWordList, judgeEssay } from './judge/index.js';

/** The built-in judge on an Issue prompt, as the judging job stores its result (essays.machine). */
export async function judgeIssueEssay(essay: string, prompt: string): Promise<StoredMachine> {
  const result = judgeEssay({ essay, prompt: { text: prompt }, gre: await greWordList() });
  const comments: EssayComment[] = result.dimensions.map((d) => ({
    dimension: d.dimension,
    text: d.comment,
    ranges: d.ranges.map((r) => [r.start, r.end] as [number, number]),
  }));
  return {
    score: result.score,
    band: result.band,
    comments,
    notes: [result.summary],
    flags: result.flags,
    features: result.features,
  };
}
