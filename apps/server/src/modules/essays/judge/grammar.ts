/**
 * Grammar and mechanics heuristics: patterns that are almost always errors in an Issue essay, each found on the words
 * or on the raw text with its place. They do not parse English; they count the slips a rater notices at a glance.
 */
import { wordsOf, type EssayText, type Span } from './text.js';

export type GrammarKind =
  'doubled_word' | 'article' | 'lowercase_start' | 'lowercase_i' | 'agreement' | 'could_of' | 'spacing' | 'run_on';

export interface GrammarIssue extends Span {
  kind: GrammarKind;
  /** The words or characters concerned, plain text, for the comment. */
  excerpt: string;
}

/** Words longer than this make a sentence a likely run-on. */
export const RUN_ON_WORDS = 60;

/** Doubled words that are grammatical (that that, had had). */
const DOUBLE_OK = new Set(['that', 'had', 'is', 'do', 'very', 'so', 'really', 'no', 'bye', 'ha', 'well']);
/** Vowel-letter words that take 'a' (a university, a one-off, a European) and consonant-letter ones that take 'an'. */
const A_BEFORE_VOWEL = /^(uni|use|usu|usa|uti|ure|eu|ewe|one|once|ouija)/;
const AN_BEFORE_CONSONANT = /^(hour|honest|honor|honour|heir|herb)/;
const SUBJECT_VERB = new Map<string, Set<string>>([
  ['he', new Set(['are', 'were', 'have', 'do', "don't", 'am'])],
  ['she', new Set(['are', 'were', 'have', 'do', "don't", 'am'])],
  ['it', new Set(['are', 'have', 'do', "don't", 'am'])],
  ['they', new Set(['is', 'was', 'has', 'does', "doesn't", 'am'])],
  ['we', new Set(['is', 'was', 'has', 'does', "doesn't", 'am'])],
  ['i', new Set(['is', 'are', 'has', 'does', "doesn't"])],
  ['you', new Set(['is', 'was', 'has', 'does', "doesn't", 'am'])],
]);
const MODALS = new Set(['could', 'should', 'would', 'must', 'might']);

/** Patterns on the raw text: missing space after a comma or sentence stop, space before punctuation, ',,' or '!!'. */
const SPACING = [/[a-z]{2}[,;][A-Za-z]{2}/g, /[a-z]{3}[.!?][A-Z][a-z]/g, /[A-Za-z] +[,.;:!?](?=\s|$)/g, /([,;:])\1+/g];

function wordIssues(essay: EssayText): GrammarIssue[] {
  const issues: GrammarIssue[] = [];
  const { words } = essay;
  const issue = (kind: GrammarKind, from: number, to: number) => {
    const a = words[from]!;
    const b = words[to]!;
    // Quoted from the words themselves, never the raw slice: whatever stood between them (markup, symbols) stays out.
    issues.push({ kind, start: a.start, end: b.end, excerpt: from === to ? a.text : `${a.text} ${b.text}` });
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    if (w.text === 'i') issue('lowercase_i', i, i);
    if (!next || next.sentence !== w.sentence) continue;
    if (w.lower === next.lower && !DOUBLE_OK.has(w.lower) && !/\d/.test(w.lower)) issue('doubled_word', i, i + 1);
    if (w.lower === 'a' && /^[aeiou]/.test(next.lower) && !A_BEFORE_VOWEL.test(next.lower)) issue('article', i, i + 1);
    if (w.lower === 'an' && /^[b-df-hj-np-tv-z]/.test(next.lower) && !AN_BEFORE_CONSONANT.test(next.lower))
      issue('article', i, i + 1);
    if (SUBJECT_VERB.get(w.lower)?.has(next.lower)) issue('agreement', i, i + 1);
    if (MODALS.has(w.lower) && next.lower === 'of') issue('could_of', i, i + 1);
  }
  return issues;
}

function sentenceIssues(essay: EssayText): GrammarIssue[] {
  const issues: GrammarIssue[] = [];
  for (const s of essay.sentences) {
    const words = wordsOf(essay, s);
    const first = words[0];
    if (first && /^[a-z]/.test(first.text) && first.start === s.start)
      issues.push({ kind: 'lowercase_start', start: first.start, end: first.end, excerpt: first.text });
    if (s.wordCount > RUN_ON_WORDS) {
      const lastWord = words[words.length - 1]!;
      issues.push({ kind: 'run_on', start: s.start, end: s.end, excerpt: `${first!.text} … ${lastWord.text}` });
    }
  }
  return issues;
}

function spacingIssues(essay: EssayText): GrammarIssue[] {
  const issues: GrammarIssue[] = [];
  for (const pattern of SPACING)
    for (const m of essay.text.matchAll(pattern)) {
      // Web addresses and decimals are not slips (www.example.com, 3.5).
      if (/\.(com|org|net|edu|gov)/i.test(essay.text.slice(m.index, m.index + m[0].length + 4))) continue;
      // Widened to whole words (at most 30 letters each way), so the comment quotes 'steps,and', not 'ps,an'.
      let start = m.index;
      let end = m.index + m[0].length;
      while (start > Math.max(0, m.index - 30) && /[A-Za-z]/.test(essay.text[start - 1]!)) start--;
      while (end < Math.min(essay.text.length, m.index + m[0].length + 30) && /[A-Za-z]/.test(essay.text[end]!)) end++;
      issues.push({ kind: 'spacing', start, end, excerpt: essay.text.slice(start, end) });
    }
  return issues;
}

/** Every heuristic's findings, in text order. */
export function grammarIssues(essay: EssayText): GrammarIssue[] {
  return [...wordIssues(essay), ...sentenceIssues(essay), ...spacingIssues(essay)].sort((a, b) => a.start - b.start);
}
