/**
 * The calibration corpus (content/essays: ArgRewrite V.2, CC BY 4.0), its mapping onto the GRE scale and its split.
 *
 * Mapping: the corpus scores ten analytic traits 1–4 (a rater's score is their mean over the traits); the GRE Issue
 * score is holistic 0–6. There is no validated mapping between them, so the judge uses the corpus README's linear
 * rescale, gre = 1 + (score − 1) · 5/3 (1 → 1, 2.5 → 3.5, 4 → 6), as a convenience that keeps the order and the
 * spread; GRE 0 (blank, off topic, not English, a copied prompt) has no counterpart and is set by rules, not fitted.
 *
 * Split: by writer, never by essay, so the three drafts of one writer are all in train or all held out. A writer is
 * held out when the first byte of sha256('argrewrite-writer:<n>') is below HELD_OUT_SHARE · 256: fixed by the
 * writer's number alone, whatever the file's order.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CONTENT_DIR } from '../../../content-import/index.js';

export const CORPUS_FILE = 'essays/argrewrite-v2-scored.jsonl';
/** About a quarter of the writers are held out. */
export const HELD_OUT_SHARE = 0.25;

const rowSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  text: z.string(),
  score: z.number().min(1).max(4),
  writer: z.number().int(),
  draft: z.number().int().min(1).max(3),
  rater1_score: z.number().min(1).max(4),
  rater2_score: z.number().min(1).max(4),
});
export type CorpusEssay = z.infer<typeof rowSchema>;

/** The corpus's 1–4 trait mean on the GRE's 0–6 scale (unrounded). */
export const toGre = (corpusScore: number) => 1 + ((corpusScore - 1) * 5) / 3;
/** Back from the GRE scale to the corpus's, for figures on its own scale. */
export const fromGre = (gre: number) => 1 + ((gre - 1) * 3) / 5;

export function readCorpus(dir: string = CONTENT_DIR): CorpusEssay[] {
  const lines = readFileSync(join(dir, CORPUS_FILE), 'utf8').split('\n');
  return lines
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      const parsed = rowSchema.safeParse(JSON.parse(l));
      if (!parsed.success) throw new Error(`${CORPUS_FILE} line ${i + 1}: ${parsed.error.message}`);
      return parsed.data;
    });
}

export function isHeldOut(writer: number): boolean {
  const first = createHash('sha256').update(`argrewrite-writer:${writer}`).digest()[0]!;
  return first < HELD_OUT_SHARE * 256;
}

export function splitByWriter(essays: CorpusEssay[]): { train: CorpusEssay[]; heldOut: CorpusEssay[] } {
  return {
    train: essays.filter((e) => !isHeldOut(e.writer)),
    heldOut: essays.filter((e) => isHeldOut(e.writer)),
  };
}
