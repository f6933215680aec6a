/**
 * The English word and phrase lists the judge counts: cohesion devices and the markers of a position, of reasoning,
 * of examples and of concession. Matched on whole lower-case words, so 'thus' is never found inside 'thusly' and a
 * phrase must appear word for word.
 */
import type { EssayText } from './text.js';

export type MarkerKind = 'transition' | 'stance' | 'reasoning' | 'example' | 'concession';

const LISTS: Record<MarkerKind, readonly string[]> = {
  // Cohesion devices: the connectives that tie one sentence or paragraph to the next.
  transition: [
    'however',
    'therefore',
    'thus',
    'moreover',
    'furthermore',
    'in addition',
    'additionally',
    'consequently',
    'as a result',
    'for example',
    'for instance',
    'in contrast',
    'by contrast',
    'on the other hand',
    'on the contrary',
    'conversely',
    'nevertheless',
    'nonetheless',
    'meanwhile',
    'similarly',
    'likewise',
    'first',
    'firstly',
    'second',
    'secondly',
    'third',
    'thirdly',
    'finally',
    'lastly',
    'in conclusion',
    'to conclude',
    'to sum up',
    'in summary',
    'overall',
    'indeed',
    'in fact',
    'admittedly',
    'hence',
    'accordingly',
    'specifically',
    'in particular',
    'besides',
    'instead',
    'ultimately',
    'subsequently',
    'in other words',
    'that is to say',
    'to illustrate',
    'above all',
    'equally',
    'also',
  ],
  stance: [
    'i agree',
    'i disagree',
    'i believe',
    'i think',
    'i argue',
    'i would argue',
    'i contend',
    'i maintain',
    'i support',
    'i oppose',
    'in my view',
    'in my opinion',
    'i am convinced',
    'i am in favor',
    'i am in favour',
    'i am against',
    'this essay',
    'i will argue',
    'we should',
    'should be',
    'should not',
    'must be',
    'outweigh',
    'outweighs',
  ],
  reasoning: [
    'because',
    'therefore',
    'thus',
    'hence',
    'consequently',
    'as a result',
    'so that',
    'which means',
    'this means',
    'it follows',
    'leads to',
    'lead to',
    'due to',
    'since',
    'if',
    'unless',
    'implies',
    'given that',
    'for this reason',
    'the reason',
    'in turn',
  ],
  example: [
    'for example',
    'for instance',
    'such as',
    'to illustrate',
    'consider',
    'a case in point',
    'according to',
    'study',
    'studies',
    'research',
    'survey',
    'data',
    'statistics',
    'percent',
    'evidence',
    'namely',
  ],
  concession: [
    'admittedly',
    'although',
    'though',
    'even though',
    'while it is true',
    'it is true that',
    'granted',
    'to be sure',
    'critics',
    'opponents',
    'skeptics',
    'some may argue',
    'some argue',
    'some people',
    'others argue',
    'on the other hand',
    'despite',
    'nevertheless',
    'nonetheless',
    'those against',
    'those who oppose',
    'counterargument',
  ],
};

/** First word → the phrases (as word lists) of a kind that start with it, longest first. */
type PhraseIndex = Map<string, string[][]>;

function indexOf(list: readonly string[]): PhraseIndex {
  const index: PhraseIndex = new Map();
  for (const phrase of list) {
    const words = phrase.split(' ');
    const bucket = index.get(words[0]!) ?? [];
    bucket.push(words);
    index.set(words[0]!, bucket);
  }
  for (const bucket of index.values()) bucket.sort((a, b) => b.length - a.length);
  return index;
}

const INDEXES = Object.fromEntries((Object.keys(LISTS) as MarkerKind[]).map((k) => [k, indexOf(LISTS[k])])) as Record<
  MarkerKind,
  PhraseIndex
>;

export interface MarkerHit {
  phrase: string;
  /** The sentence it stands in. */
  sentence: number;
}

/**
 * Every occurrence of a kind's phrases, one per position (the longest phrase wins) and never across a sentence
 * boundary.
 */
export function findMarkers(essay: EssayText, kind: MarkerKind): MarkerHit[] {
  const index = INDEXES[kind];
  const { words } = essay;
  const hits: MarkerHit[] = [];
  for (let i = 0; i < words.length; i++) {
    const candidates = index.get(words[i]!.lower);
    if (!candidates) continue;
    const found = candidates.find((phrase) =>
      phrase.every((w, k) => words[i + k]?.lower === w && words[i + k]!.sentence === words[i]!.sentence),
    );
    if (found) {
      hits.push({ phrase: found.join(' '), sentence: words[i]!.sentence });
      i += found.length - 1;
    }
  }
  return hits;
}

/**
 * Function words left out of the keywords a prompt and an essay share (and of lexical diversity's content words):
 * articles, pronouns, auxiliaries, prepositions, and the GRE task instruction's own words.
 */
export const STOPWORDS = new Set(
  `a an the and or but nor so yet of to in on at by for with from into onto upon about above below over under
  between among through during before after against without within across along around behind beyond toward towards
  is are was were be been being am do does did done doing have has had having will would shall should can could may
  might must ought i me my mine we us our ours you your yours he him his she her hers it its they them their theirs
  this that these those there here who whom whose which what when where why how whether if then than as such not no
  yes all any both each either neither few many much more most other others some same own only very too also just
  even ever still again further once one ones thing things way ways lot lots make makes made get gets got say says
  said write response discuss extent agree disagree statement explain reasoning position take taken developing
  supporting support consider considerations might hold true shape claim recommendation address specific reasons
  examples example based instructions following`.split(/\s+/),
);
