/**
 * The measurable features of an essay: length, paragraphing, sentence variety, vocabulary, cohesion, mechanics and
 * the prompt. Each is a plain number (named in FEATURE_NAMES) so the model, the comments and the stored result all
 * read the same figures.
 */
import { grammarIssues, type GrammarIssue } from './grammar.js';
import { findMarkers, STOPWORDS, type MarkerHit, type MarkerKind } from './lexicon.js';
import { misspelledWords } from './spelling.js';
import { readEssay, type EssayText, type Word } from './text.js';
import type { WordList } from './word-list.js';

export interface EssayPrompt {
  text: string;
  outline?: string[];
}

export const FEATURE_NAMES = [
  'words',
  'log_words',
  'paragraphs',
  'sentences',
  'sentence_mean',
  'sentence_sd',
  'mattr',
  'word_length',
  'gre_per_100',
  'gre_types',
  'transitions_per_sentence',
  'transition_types',
  'stance',
  'reasoning_per_100',
  'examples_per_100',
  'concession',
  'spelling_per_100',
  'grammar_per_100',
  'relevance',
  'prompt_keywords',
  'shared_keywords',
  'prompt_overlap',
  'repetition',
  'non_latin_share',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type Features = Record<FeatureName, number>;

export interface Analysis {
  essay: EssayText;
  features: Features;
  misspelled: Word[];
  grammar: GrammarIssue[];
  markers: Record<MarkerKind, MarkerHit[]>;
  /** The advanced GRE words used, first occurrence of each headword. */
  advanced: Word[];
}

/** Window of the moving-average type-token ratio (MATTR), which, unlike a plain ratio, does not fall with length. */
const MATTR_WINDOW = 50;
/** Word n-gram lengths for copied prompt text and for repeated passages. */
const COPY_GRAM = 3;
const REPEAT_GRAM = 8;

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const sd = (xs: number[]) => {
  const m = mean(xs);
  return xs.length < 2 ? 0 : Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};
const per100 = (n: number, words: number) => (words === 0 ? 0 : (100 * n) / words);

function mattr(lowers: string[]): number {
  if (lowers.length === 0) return 0;
  if (lowers.length <= MATTR_WINDOW) return new Set(lowers).size / lowers.length;
  const counts = new Map<string, number>();
  let distinct = 0;
  let total = 0;
  for (let i = 0; i < lowers.length; i++) {
    const w = lowers[i]!;
    counts.set(w, (counts.get(w) ?? 0) + 1);
    if (counts.get(w) === 1) distinct++;
    if (i >= MATTR_WINDOW) {
      const old = lowers[i - MATTR_WINDOW]!;
      counts.set(old, counts.get(old)! - 1);
      if (counts.get(old) === 0) distinct--;
    }
    if (i >= MATTR_WINDOW - 1) total += distinct / MATTR_WINDOW;
  }
  return total / (lowers.length - MATTR_WINDOW + 1);
}

function grams(lowers: string[], n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + n <= lowers.length; i++) out.push(lowers.slice(i, i + n).join(' '));
  return out;
}

/** Share of the n-grams that already appeared earlier in the same text: 0 for fresh text, near 1 for a paste loop. */
function repeatedShare(lowers: string[]): number {
  const seen = new Set<string>();
  const all = grams(lowers, REPEAT_GRAM);
  let again = 0;
  for (const g of all) {
    if (seen.has(g)) again++;
    else seen.add(g);
  }
  return all.length === 0 ? 0 : again / all.length;
}

/** The task statement of a prompt: the GRE instruction paragraph ('Write a response in which…') says nothing of the topic. */
function promptStatement(prompt: EssayPrompt): string {
  const statement = prompt.text.split(/\n\s*(?=Write a response\b)/i)[0] ?? '';
  return [statement, ...(prompt.outline ?? [])].join('\n');
}

function keywords(text: string, list: WordList): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/[A-Za-z]+(?:-[A-Za-z]+)*/g)) {
    const lower = m[0].toLowerCase();
    if (lower.length < 3 || STOPWORDS.has(lower)) continue;
    out.add((list.headwordOf(lower) ?? lower).toLowerCase());
  }
  return out;
}

function letterShares(text: string): number {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return letters === 0 ? 0 : (letters - latin) / letters;
}

/** Prompts come from the bank, but are bounded all the same: the judge's work never grows with its input. */
const PROMPT_CHARS = 5000;
const OUTLINE_ITEMS = 20;

/** Reads an essay and measures every feature. Never throws on any string. */
export function analyseEssay(essayText: string, rawPrompt: EssayPrompt, words_: WordList): Analysis {
  // Each distinct word is looked up once per essay, however many measures ask for it.
  const heads = new Map<string, string | null>();
  const list: WordList = {
    isAdvanced: (h) => words_.isAdvanced(h),
    headwordOf: (w) => {
      let h = heads.get(w);
      if (h === undefined) heads.set(w, (h = words_.headwordOf(w)));
      return h;
    },
  };
  const prompt: EssayPrompt = {
    text: rawPrompt.text.slice(0, PROMPT_CHARS),
    outline: (rawPrompt.outline ?? []).slice(0, OUTLINE_ITEMS).map((o) => o.slice(0, PROMPT_CHARS)),
  };
  const essay = readEssay(essayText);
  const { words, sentences } = essay;
  const lowers = words.map((w) => w.lower);
  const n = words.length;

  const promptWords = new Set((prompt.text.match(/[A-Za-z]+/g) ?? []).map((w) => w.toLowerCase()));
  const misspelled = misspelledWords(essay, (lower) => promptWords.has(lower) || list.headwordOf(lower) !== null);
  const grammar = grammarIssues(essay);
  const markers = {
    transition: findMarkers(essay, 'transition'),
    stance: findMarkers(essay, 'stance'),
    reasoning: findMarkers(essay, 'reasoning'),
    example: findMarkers(essay, 'example'),
    concession: findMarkers(essay, 'concession'),
  };

  const advanced: Word[] = [];
  const advancedHeads = new Set<string>();
  let advancedTokens = 0;
  const verdict = new Map<string, string | null>();
  for (const w of words) {
    if (w.lower.length < 3 || STOPWORDS.has(w.lower) || /\d/.test(w.lower)) continue;
    let head = verdict.get(w.lower);
    if (head === undefined) {
      const h = (list.headwordOf(w.lower) ?? w.lower).toLowerCase();
      head = list.isAdvanced(h) || list.isAdvanced(w.lower) ? h : null;
      verdict.set(w.lower, head);
    }
    if (head === null) continue;
    advancedTokens++;
    if (!advancedHeads.has(head)) {
      advancedHeads.add(head);
      advanced.push(w);
    }
  }

  const promptKeys = keywords(promptStatement(prompt), list);
  const essayKeys = keywords(essay.text, list);
  const shared = [...promptKeys].filter((k) => essayKeys.has(k)).length;
  const promptGrams = new Set(
    grams(
      (prompt.text.match(/[A-Za-z0-9']+/g) ?? []).map((w) => w.toLowerCase()),
      COPY_GRAM,
    ),
  );
  const essayGrams = grams(lowers, COPY_GRAM);

  const lengths = sentences.filter((s) => s.wordCount > 0).map((s) => s.wordCount);
  const features: Features = {
    words: n,
    log_words: Math.log(n + 1),
    paragraphs: essay.paragraphs.length,
    sentences: lengths.length,
    sentence_mean: mean(lengths),
    sentence_sd: sd(lengths),
    mattr: mattr(lowers),
    word_length: mean(words.map((w) => w.text.length)),
    gre_per_100: per100(advancedTokens, n),
    gre_types: advancedHeads.size,
    transitions_per_sentence: lengths.length === 0 ? 0 : markers.transition.length / lengths.length,
    transition_types: new Set(markers.transition.map((h) => h.phrase)).size,
    stance: markers.stance.length,
    reasoning_per_100: per100(markers.reasoning.length, n),
    examples_per_100: per100(markers.example.length, n),
    concession: markers.concession.length,
    spelling_per_100: per100(misspelled.length, n),
    grammar_per_100: per100(grammar.length, n),
    relevance: promptKeys.size === 0 ? 1 : shared / promptKeys.size,
    prompt_keywords: promptKeys.size,
    shared_keywords: shared,
    prompt_overlap:
      essayGrams.length === 0 ? 0 : essayGrams.filter((g) => promptGrams.has(g)).length / essayGrams.length,
    repetition: repeatedShare(lowers),
    non_latin_share: letterShares(essay.text),
  };
  return { essay, features, misspelled, grammar, markers, advanced };
}
