import { questionCalls, wordCalls, type CallResponse, type WordInfos } from '@gre/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

/** The word feature's query keys; infos are per user so a second login never reads the first learner's books. */
export const wordKeys = {
  infos: (userId: number) => ['words', 'infos', userId] as const,
  lookup: (word: string) => ['words', 'lookup', word] as const,
};

/**
 * Spec §4 word infos: the learner's books and headwords, fetched once a session (never stale: this client's own
 * adds patch the cache; logout clears it).
 */
export const wordInfosQuery = (userId: number) =>
  queryOptions({
    queryKey: wordKeys.infos(userId),
    queryFn: () => call(wordCalls.getAll, {}, { quiet: true }),
    staleTime: Infinity,
    // A background load: when it fails the popover only cannot say "已在生词本" ahead of time; no toast for that.
    meta: { handlesErrors: true },
  });

/** A clicked word's entries; an unknown word is an answer with `found: false` (the popover says so, no toast). */
export const wordLookupQuery = (word: string, questionId: string | null = null) =>
  queryOptions({
    // Keyed by the question too: a look-up in another question is kept among the words met with that sentence.
    queryKey: [...wordKeys.lookup(word), questionId],
    queryFn: () =>
      call(questionCalls.wordLookup, questionId ? { word, question_id: questionId } : { word }, { quiet: true }),
    // The word lists ship with the app and change only with a deploy.
    staleTime: Infinity,
  });

/** Every headword in any of the learner's books. */
export function headwordsIn(infos: WordInfos | undefined): Set<string> {
  return new Set(infos?.books.flatMap((b) => b.words.map((w) => w.word)) ?? []);
}

/** The cached infos after an add: new headwords go first in their book (newest first, as get_all lists them). */
export function withAddedWords(infos: WordInfos, added: CallResponse<typeof wordCalls.addWords>): WordInfos {
  const { words: resolved, book } = added;
  const target = infos.books.find((b) => b.id === book.id);
  if (!target)
    return { books: [...infos.books, { ...book, words: resolved.map((word) => ({ word, simple: false })) }] };
  const had = new Set(target.words.map((w) => w.word));
  const fresh = resolved.filter((w) => !had.has(w)).map((word) => ({ word, simple: false }));
  return { books: infos.books.map((b) => (b === target ? { ...b, ...book, words: [...fresh, ...b.words] } : b)) };
}
