import {
  GRE_BANDS,
  WORD_EXAMPLES_MAX,
  type CallRequest,
  type CallResponse,
  type DictionaryEntry,
  type WordDetail,
  type WordExample,
  type wordCalls,
} from '@gre/contracts';
import { decideAccess, type Visibility } from '../../lib/access.js';
import { visibleVisibilities, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { AppError } from '../../lib/app-error.js';
import { greBands, masteredWords } from '../cards/index.js';
import { answersHeldFor, bankWords, wordIndex } from '../questions/index.js';
import { gradedRelationRows } from './details.repository.js';
import { RelationIndex, relationSourceOf } from './relations.js';
import { toBrief } from './words.service.js';
import { bookCounts, entriesPage, findOwnBook } from './words.repository.js';

type DetailDeps = Pick<Deps, 'database' | 'clock'>;

/** Occurrences read per word before the running exam's questions are left out, so a page still fills its examples. */
const EXAMPLE_CANDIDATES = WORD_EXAMPLES_MAX * 4;

/**
 * Synonyms and antonyms as far as this learner may know them: only questions they have had graded, may still see
 * with their answers, and whose answers no running exam of theirs holds (decision 013) — an explanation's lists name
 * the answer, so a question not yet done gives nothing away.
 */
async function relationIndexFor(deps: DetailDeps, actor: Actor, keyOf: (w: string) => string): Promise<RelationIndex> {
  const now = deps.clock.now();
  const rows = (await gradedRelationRows(deps.database.db, actor.user.id)).filter((r) => {
    const d = decideAccess(actor, r.visibility as Visibility, null, now);
    return d.see && d.answers;
  });
  const held = await answersHeldFor(
    deps,
    actor.user.id,
    rows.map((r) => r.id),
  );
  return new RelationIndex(rows.filter((r) => !held.has(r.id)).map(relationSourceOf), keyOf);
}

/** Bank sentences with each word, from questions the learner may see and no running exam of theirs holds. */
async function examplesFor(deps: DetailDeps, actor: Actor, words: string[]): Promise<Map<string, WordExample[]>> {
  const bank = await bankWords(deps.database);
  const visibilities = visibleVisibilities(actor);
  const candidates = new Map(
    words.map((w) => [w, bank.occurrences(w, { visibilities, limit: EXAMPLE_CANDIDATES })] as const),
  );
  const ids = [...new Set([...candidates.values()].flat().map((o) => o.question_id))];
  const held = await answersHeldFor(deps, actor.user.id, ids);
  return new Map(
    [...candidates].map(([w, list]) => [
      w,
      list
        .filter((o) => !held.has(o.question_id))
        .slice(0, WORD_EXAMPLES_MAX)
        .map((o) => ({ question_id: o.question_id, sentence: o.sentence, highlight: o.highlight })),
    ]),
  );
}

/** The dictionary entry a stored headword stands for: its own, else the first the look-up gives. */
function entryOf(entries: DictionaryEntry[], word: string): DictionaryEntry | undefined {
  return entries.find((e) => e.headword === word) ?? entries[0];
}

/** `/api/word/get_details_by_book`: a page of one of the learner's books, each word with what /wordbook shows. */
export async function getDetailsByBook(
  deps: DetailDeps,
  actor: Actor,
  body: CallRequest<typeof wordCalls.getDetailsByBook>,
): Promise<CallResponse<typeof wordCalls.getDetailsByBook>> {
  const { db } = deps.database;
  const pageSize = body.page_size ?? 20;
  const page = body.page ?? 1;
  const book = await findOwnBook(db, actor.user.id, body.book_id);
  if (!book) throw new AppError('not_found', 'no such word book');
  const [counts, entries] = await Promise.all([
    bookCounts(db, book.id),
    entriesPage(db, book.id, pageSize, (page - 1) * pageSize),
  ]);
  const words = entries.map((e) => e.word);
  const [index, bands] = await Promise.all([wordIndex(), greBands()]);
  const keyOf = (w: string) => index.headwordOf(w) ?? w.trim().toLowerCase();
  const [mastered, relations, examples] = words.length
    ? await Promise.all([
        masteredWords(deps, actor.user.id, words),
        relationIndexFor(deps, actor, keyOf),
        examplesFor(deps, actor, words),
      ])
    : [new Set<string>(), null, new Map<string, WordExample[]>()];
  const details: WordDetail[] = entries.map(({ word, simple }) => {
    const found = index.lookup(word);
    const entry = found.parts.length === 0 ? entryOf(found.entries, word) : undefined;
    const related = relations?.of(keyOf(word)) ?? { synonyms: [], antonyms: [] };
    return {
      word,
      simple,
      phonetic: entry?.phonetic ?? '',
      senses: [...new Set([...(entry?.gre_senses ?? []), ...(entry?.translation ?? [])])],
      gre_senses: entry?.gre_senses ?? [],
      definition: entry?.definition ?? [],
      forms: entry?.forms ?? [],
      synonyms: related.synonyms,
      antonyms: related.antonyms,
      examples: examples.get(word) ?? [],
      band: bands.band(word),
      mastered: mastered.has(word),
    };
  });
  return { book: toBrief(book, counts), words: details, total: counts.words };
}

/**
 * `/api/word/bands`: the GRE list's frequency bands (the cards module's cut, which gre_band decks draw from), each
 * with its size and how many of its words the learner has mastered.
 */
export async function getBands(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
): Promise<CallResponse<typeof wordCalls.bands>> {
  const [bands, mastered] = await Promise.all([greBands(), masteredWords(deps, actor.user.id, null)]);
  return {
    bands: Array.from({ length: GRE_BANDS }, (_, i) => {
      const words = bands.words(i + 1);
      return { band: i + 1, count: words.length, mastered: words.filter((w) => mastered.has(w)).length };
    }),
  };
}
