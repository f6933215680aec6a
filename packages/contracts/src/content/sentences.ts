import type { ContentPassage } from './question.js';

/**
 * Sentences of a passage in reading order, as SelectSentence answers index them.
 * The renderer and the content checks use this one function so an index means the same sentence everywhere.
 */
export function passageSentences(p: Pick<ContentPassage, 'text' | 'sentences'>): string[] {
  if (p.sentences?.length) return p.sentences;
  return p.text
    .split(/\n\s*\n/)
    .flatMap((para) => para.trim().split(/(?<=[.!?][”"’)]?)\s+(?=[A-Z“"(])/))
    .map((s) => s.trim())
    .filter(Boolean);
}
