import {
  countEssayWords,
  interpretLevel,
  isAnswered,
  isCorrect,
  isGradable,
  scaledScore,
  scoreBand,
  type Answer,
  type ContentQuestion,
  type ExamResult,
  type KindStat,
  type Level,
  type ScaledScore,
} from '@gre/contracts';

/** One item as grading sees it. */
export interface GradeItem {
  inputKind: string;
  answer: Answer | null;
  state: string;
}

/** Right only when answered and equal to the standard answer (no partial credit); an essay is never "right". */
export function gradeItem(
  item: GradeItem,
  question: Pick<ContentQuestion, 'input_method' | 'standard_answer'>,
): boolean {
  if (!isGradable(item.inputKind) || item.state !== 'Answered' || !item.answer) return false;
  return isCorrect(question, item.answer);
}

export interface ResultSection {
  area: string;
  part: number;
  difficulty: string | null;
  usedTimeSeconds: number;
  items: { kind: string; inputKind: string; correct: boolean; usedTimeSeconds: number; answer: Answer | null }[];
}

function areaScore(sections: ResultSection[], area: 'verbal' | 'quant'): ScaledScore | null {
  const parts = sections.filter((s) => s.area === area);
  const second = parts.find((s) => s.part === 2);
  if (parts.length === 0 || !second?.difficulty) return null;
  const level = second.difficulty as Level;
  const raw = parts.reduce((n, s) => n + s.items.filter((i) => i.correct).length, 0);
  const rawTotal = parts.reduce((n, s) => n + s.items.length, 0);
  const scaled = scaledScore(level, raw);
  const band = scoreBand(scaled);
  return { raw, raw_total: rawTotal, scaled, band_low: band.low, band_high: band.high, section2: level };
}

/**
 * Spec §3 Exam.result, computed once when the last section is submitted: V and Q scaled through the conversion table
 * (docs/scoring.md) from both sections' raw scores and the section-2 level, per-kind stats over the gradable items,
 * and the essay's state: stored and Judging (Empty when nothing was written), never an invented score.
 */
export function computeResult(sections: ResultSection[]): ExamResult {
  const verbal = areaScore(sections, 'verbal');
  const quant = areaScore(sections, 'quant');
  const gradable = sections.flatMap((s) => s.items.filter((i) => isGradable(i.inputKind)));
  const byKind = new Map<string, { correct: number; total: number; time: number }>();
  for (const i of gradable) {
    const k = byKind.get(i.kind) ?? { correct: 0, total: 0, time: 0 };
    k.total += 1;
    k.correct += i.correct ? 1 : 0;
    k.time += i.usedTimeSeconds;
    byKind.set(i.kind, k);
  }
  const kinds: KindStat[] = [...byKind].map(([kind, k]) => ({
    kind,
    correct: k.correct,
    total: k.total,
    avg_time_seconds: Math.round((k.time / k.total) * 10) / 10,
  }));
  const essays = sections
    .filter((s) => s.area === 'issue')
    .flatMap((s) => s.items.filter((i) => i.inputKind === 'Essay'));
  const essay = essays.map((i) => i.answer?.essay ?? '').join('\n');
  return {
    verbal,
    quant,
    total: verbal && quant ? verbal.scaled + quant.scaled : null,
    correct: gradable.filter((i) => i.correct).length,
    total_questions: gradable.length,
    used_time_seconds: sections.reduce((n, s) => n + s.usedTimeSeconds, 0),
    kinds,
    interpret: {
      verbal: verbal ? interpretLevel(verbal.scaled) : null,
      quant: quant ? interpretLevel(quant.scaled) : null,
    },
    issue:
      essays.length > 0
        ? {
            status: essays.some((i) => i.answer && isAnswered('Essay', i.answer)) ? 'Judging' : 'Empty',
            words: countEssayWords(essay),
          }
        : null,
  };
}
