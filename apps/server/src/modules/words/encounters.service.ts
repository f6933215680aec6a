import type { CallRequest, CallResponse, questionCalls, wordCalls, WordLookup } from '@gre/contracts';
import { decideAccess, type Visibility } from '../../lib/access.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { questionsWithPassages, wordIndex } from '../questions/index.js';
import { countEncounters, encountersPage, trimEncounters, upsertEncounter } from './encounters.repository.js';
import { sentenceWith } from './sentence-cut.js';

/** Most words met kept per learner; the oldest look-ups go first. */
export const WORD_ENCOUNTERS_MAX = 5000;
/** Words met per page of `/api/word/met`. */
export const MET_PAGE_SIZE = 20;

type MetDeps = Pick<Deps, 'database' | 'clock' | 'uow'>;

/**
 * `/api/word/lookup`: the entries, and with `question_id` the look-up kept among the words met. The look-up answers
 * whatever happens to the keeping: a question the learner may not see, an unknown one, a compound read by its parts
 * or a word its stem and passage do not hold keep nothing, and all of them answer the same.
 */
export async function lookupAndRecord(
  deps: MetDeps,
  actor: Actor,
  body: CallRequest<typeof questionCalls.wordLookup>,
): Promise<WordLookup> {
  const found = (await wordIndex()).lookup(body.word);
  const headword = found.parts.length === 0 ? found.entries[0]?.headword : undefined;
  if (body.question_id && headword) await recordMet(deps, actor, body.question_id, found.query, headword);
  return found;
}

/**
 * Keeps a word met in a question, with the sentence the server cut from that question's passage or stem: one row per
 * learner, headword and question, counted on every repeat; past WORD_ENCOUNTERS_MAX rows the oldest go.
 */
export async function recordMet(
  deps: MetDeps,
  actor: Actor,
  questionId: string,
  clicked: string,
  headword: string,
): Promise<boolean> {
  const now = deps.clock.now();
  const [row] = await questionsWithPassages(deps, [questionId]);
  if (!row || !decideAccess(actor, row.question.visibility as Visibility, null, now).see) return false;
  const index = await wordIndex();
  const sentence = sentenceWith({ inquiry: row.question.inquiry, passage: row.passage }, clicked, headword, (token) =>
    index.headwordOf(token),
  );
  if (sentence === null) return false;
  await withUnitOfWork(deps, async ({ tx }) => {
    const fresh = await upsertEncounter(tx, { userId: actor.user.id, word: headword, questionId, sentence, at: now });
    if (fresh) await trimEncounters(tx, actor.user.id, WORD_ENCOUNTERS_MAX);
  });
  return true;
}

/** `/api/word/met`: the learner's words met, latest look-up first, MET_PAGE_SIZE a page. */
export async function listMet(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  body: CallRequest<typeof wordCalls.met>,
): Promise<CallResponse<typeof wordCalls.met>> {
  const { db } = deps.database;
  const page = body.page ?? 1;
  const [rows, total] = await Promise.all([
    encountersPage(db, actor.user.id, MET_PAGE_SIZE, (page - 1) * MET_PAGE_SIZE),
    countEncounters(db, actor.user.id),
  ]);
  return {
    items: rows.map((r) => ({
      word: r.word,
      question_id: r.questionId,
      sentence: r.sentence,
      count: r.count,
      last_stamp: Math.floor(r.lastAt.getTime() / 1000),
    })),
    total,
  };
}
