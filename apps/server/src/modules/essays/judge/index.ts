// The built-in essay judge's entry: what the essay pipeline, the model judge and the screens build on.
export { judgeEssay, bandOf } from './judge.js';
export { rankAmong } from './rank.js';
export { greWordList, wordListOf, type WordList } from './word-list.js';
export { warmSpelling } from './spelling.js';
export { MAX_WORDS, type Span } from './text.js';
export { FEATURE_NAMES, type EssayPrompt, type Features } from './features.js';
export { SHIPPED_MODEL, type JudgeModel } from './model.js';
export type { Dimension, DimensionComment, JudgeFlag, JudgeInput, JudgeResult, Level } from './judge-types.js';
