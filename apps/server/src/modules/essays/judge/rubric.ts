/**
 * The five comments on the ETS Issue rubric's dimensions, each with a level, the sentences it speaks of and the
 * figures behind it. Levels come from plain thresholds on the features (named here), not from the fitted model:
 * they say what to work on, while the score says where the essay stands.
 */
import { DIMENSION_LABELS, EXAMPLES, LANGUAGE, ORGANIZATION, POSITION, REASONING } from './comments.zh.js';
import type { Analysis, FeatureName } from './features.js';
import type { Dimension, DimensionComment, Level } from './judge-types.js';
import type { MarkerHit } from './lexicon.js';
import type { Span } from './text.js';

/** At most this many highlighted ranges per comment, and quoted words per list. */
const MAX_RANGES = 4;
const MAX_QUOTES = 5;

/** A position is clear with a stance sentence; reasoning is dense from this many connectives per 100 words. */
const REASONING_GOOD = 1;
const REASONING_FAIR = 0.5;
const EXAMPLES_GOOD = 3;
const PARAGRAPHS_GOOD = 4;
const PARAGRAPHS_FAIR = 3;
const TRANSITIONS_GOOD = 0.2;
/** Errors per 100 words above which language is weak, and at or below which it can be good. */
const ERRORS_WEAK = 1;
const ERRORS_GOOD = 0.3;
const SENTENCE_SD_GOOD = 6;
/** Shared prompt keywords below which the comment asks the writer to keep to the prompt. */
const SHARED_KEYWORDS_LOW = 2;

function sentenceRanges(a: Analysis, indexes: Iterable<number>): Span[] {
  const seen = [...new Set(indexes)].sort((x, y) => x - y).slice(0, MAX_RANGES);
  return seen.map((i) => ({ start: a.essay.sentences[i]!.start, end: a.essay.sentences[i]!.end }));
}

const sentencesOf = (hits: MarkerHit[]) => hits.map((h) => h.sentence);

function pick(a: Analysis, names: FeatureName[]): Partial<Record<FeatureName, number>> {
  return Object.fromEntries(names.map((n) => [n, a.features[n]]));
}

function comment(
  dimension: Dimension,
  level: Level,
  parts: string[],
  ranges: Span[],
  features: Partial<Record<FeatureName, number>>,
): DimensionComment {
  return { dimension, label: DIMENSION_LABELS[dimension], level, comment: parts.join(''), ranges, features };
}

function position(a: Analysis): DimensionComment {
  const f = a.features;
  const { stance, concession } = a.markers;
  const level: Level = stance.length === 0 ? 'weak' : concession.length > 0 ? 'good' : 'fair';
  const parts = [stance.length > 0 ? POSITION.clear(stance.length) : POSITION.none];
  parts.push(concession.length > 0 ? POSITION.concession : POSITION.noConcession);
  if (f.prompt_keywords >= SHARED_KEYWORDS_LOW && f.shared_keywords < SHARED_KEYWORDS_LOW)
    parts.push(POSITION.lowRelevance(f.shared_keywords, f.prompt_keywords));
  const ranges = sentenceRanges(a, [...sentencesOf(stance).slice(0, 2), ...sentencesOf(concession).slice(0, 2)]);
  return comment('position', level, parts, ranges, pick(a, ['stance', 'concession', 'relevance', 'shared_keywords']));
}

function reasoning(a: Analysis): DimensionComment {
  const per100 = a.features.reasoning_per_100;
  const level: Level = per100 >= REASONING_GOOD ? 'good' : per100 >= REASONING_FAIR ? 'fair' : 'weak';
  const parts = [REASONING.density(per100), REASONING[level]];
  const ranges = sentenceRanges(a, sentencesOf(a.markers.reasoning));
  return comment('reasoning', level, parts, ranges, pick(a, ['reasoning_per_100', 'concession', 'sentence_mean']));
}

function examples(a: Analysis): DimensionComment {
  const n = a.markers.example.length;
  const level: Level = n >= EXAMPLES_GOOD ? 'good' : n > 0 ? 'fair' : 'weak';
  const ranges = sentenceRanges(a, sentencesOf(a.markers.example));
  return comment('examples', level, [EXAMPLES.count(n), EXAMPLES[level]], ranges, pick(a, ['examples_per_100']));
}

function organisation(a: Analysis): DimensionComment {
  const f = a.features;
  const paragraphsOk = f.paragraphs >= PARAGRAPHS_GOOD;
  const transitionsOk = f.transitions_per_sentence >= TRANSITIONS_GOOD;
  const level: Level =
    paragraphsOk && transitionsOk ? 'good' : f.paragraphs >= PARAGRAPHS_FAIR || transitionsOk ? 'fair' : 'weak';
  const parts = [
    ORGANIZATION.paragraphs(f.paragraphs),
    ORGANIZATION.transitions(f.transitions_per_sentence, f.transition_types),
  ];
  if (level === 'good') parts.push(ORGANIZATION.good);
  if (f.paragraphs < PARAGRAPHS_FAIR) parts.push(ORGANIZATION.fewParagraphs);
  if (!transitionsOk) parts.push(ORGANIZATION.fewTransitions);
  // The opening sentence of each paragraph: where the reader looks for the essay's plan.
  const openers = a.essay.sentences.flatMap((s, i) =>
    i === 0 || a.essay.sentences[i - 1]!.paragraph !== s.paragraph ? [i] : [],
  );
  const ranges = sentenceRanges(a, openers);
  return comment(
    'organisation',
    level,
    parts,
    ranges,
    pick(a, ['paragraphs', 'transitions_per_sentence', 'transition_types']),
  );
}

function language(a: Analysis): DimensionComment {
  const f = a.features;
  const errors = f.spelling_per_100 + f.grammar_per_100;
  const level: Level =
    errors > ERRORS_WEAK ? 'weak' : errors <= ERRORS_GOOD && f.sentence_sd >= SENTENCE_SD_GOOD ? 'good' : 'fair';
  const misspelt = [...new Set(a.misspelled.map((w) => w.text))].slice(0, MAX_QUOTES);
  const slips = [...new Set(a.grammar.filter((g) => g.kind !== 'run_on').map((g) => g.excerpt))].slice(0, MAX_QUOTES);
  const advanced = a.advanced.slice(0, MAX_QUOTES).map((w) => w.text);
  const parts = [
    LANGUAGE.spelling(a.misspelled.length, misspelt),
    LANGUAGE.grammar(a.grammar.length, slips.length > 0 ? slips : a.grammar.slice(0, 1).map((g) => g.excerpt)),
    LANGUAGE.variety(f.sentence_mean, f.sentence_sd),
  ];
  if (f.sentence_sd < SENTENCE_SD_GOOD) parts.push(LANGUAGE.lowVariety);
  parts.push(LANGUAGE.vocabulary(f.gre_types, advanced), LANGUAGE[level]);
  // Highlight the words in question themselves, errors first.
  const spans = [...a.misspelled, ...a.grammar].slice(0, MAX_RANGES).map((s) => ({ start: s.start, end: s.end }));
  return comment(
    'language',
    level,
    parts,
    spans.sort((x, y) => x.start - y.start),
    pick(a, ['spelling_per_100', 'grammar_per_100', 'sentence_mean', 'sentence_sd', 'gre_types', 'mattr']),
  );
}

/** The five comments in the rubric's order. */
export function dimensionComments(a: Analysis): DimensionComment[] {
  return [position(a), reasoning(a), examples(a), organisation(a), language(a)];
}
