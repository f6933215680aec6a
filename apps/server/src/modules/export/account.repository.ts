// The JSON export's sections: the learner's whole account as named columns, one read per section.
import {
  cardReviews,
  collectTags,
  comments,
  crafts,
  dailyActivity,
  essays,
  entitlements,
  examItems,
  examSections,
  exams,
  flashCards,
  flashes,
  mails,
  mailSettings,
  trades,
  users,
  wordBookEntries,
  wordBooks,
  wordEncounters,
  type Queryable,
} from '@gre/db';
import { cardMisses, cardStage } from '@gre/db/queries';
import { asc, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';

/** A section's rows; the builder only serialises them, so their columns are not typed further. */
export type SectionRead = (db: Queryable, userId: number) => Promise<Record<string, unknown>[]>;

/**
 * One section's read: `columns` of the `from` rows whose `owner` column is the learner, in `order`. Rows that name no
 * owner of their own (an exam's sections, a deck's cards) reach the learner through `parent`, joined `on` its key.
 */
function ownRows(
  columns: SelectedFields,
  from: PgTable,
  owner: PgColumn,
  order: (PgColumn | SQL)[] = [],
  parent?: { table: PgTable; on: SQL },
): SectionRead {
  return (db, userId) => {
    const query = db.select(columns).from(from).$dynamic();
    return (parent ? query.innerJoin(parent.table, parent.on) : query).where(eq(owner, userId)).orderBy(...order);
  };
}

/**
 * The learner's whole account for the JSON export, section by section: only rows whose owner is `userId` (children
 * reached through the learner's own parents), and no column that names another user (a moderator, a voucher's
 * author), a secret (password hash, session tokens, codes) or a gateway's internals.
 */
export const ACCOUNT_SECTIONS = {
  profile: ownRows(
    {
      id: users.id,
      name: users.name,
      phone: users.phone,
      email: users.email,
      signature: users.signature,
      today_aim: users.todayAim,
      role_kind: users.roleKind,
      role_expires_at: users.roleExpiresAt,
      base_role_kind: users.baseRoleKind,
      flash_coins: users.flashCoins,
      exam_ets_mode: users.examEtsMode,
      created_at: users.createdAt,
    },
    users,
    users.id,
  ),
  records: ownRows(
    {
      id: entitlements.id,
      role_kind: entitlements.roleKind,
      source: entitlements.source,
      starts_at: entitlements.startsAt,
      ends_at: entitlements.endsAt,
    },
    entitlements,
    entitlements.userId,
    [asc(entitlements.id)],
  ),
  trades: ownRows(
    {
      id: trades.id,
      kind: trades.kind,
      param: trades.param,
      order: trades.order,
      status: trades.status,
      title: trades.title,
      amount_fen: trades.amountFen,
      paid_fen: trades.paidFen,
      paid_at: trades.paidAt,
      created_at: trades.createdAt,
    },
    trades,
    trades.userId,
    [asc(trades.id)],
  ),
  crafts: ownRows(
    {
      id: crafts.id,
      question_id: crafts.questionId,
      wrong: crafts.wrong,
      collect: crafts.collect,
      note: crafts.note,
      card: crafts.card,
      issue: crafts.issue,
      in_higher: crafts.inHigher,
      source: crafts.source,
      updated_at: crafts.updatedAt,
    },
    crafts,
    crafts.userId,
    [asc(crafts.id)],
  ),
  collect_tags: ownRows(
    { id: collectTags.id, name: collectTags.name, desp: collectTags.desp, created_at: collectTags.createdAt },
    collectTags,
    collectTags.userId,
    [asc(collectTags.id)],
  ),
  exams: ownRows(
    {
      id: exams.id,
      name: exams.name,
      kind: exams.kind,
      source: exams.source,
      status: exams.status,
      template_id: exams.templateId,
      result: exams.result,
      created_at: exams.createdAt,
      finished_at: exams.finishedAt,
    },
    exams,
    exams.userId,
    [asc(exams.id)],
  ),
  exam_sections: ownRows(
    {
      exam_id: examSections.examId,
      index: examSections.index,
      name: examSections.name,
      area: examSections.area,
      difficulty: examSections.difficulty,
      used_time_seconds: examSections.usedTimeSeconds,
      finished: examSections.finished,
      result: examSections.result,
    },
    examSections,
    exams.userId,
    [asc(examSections.examId), asc(examSections.index)],
    { table: exams, on: eq(exams.id, examSections.examId) },
  ),
  exam_items: ownRows(
    {
      exam_id: examItems.examId,
      section_index: examItems.sectionIndex,
      position: examItems.position,
      question_id: examItems.questionId,
      answer: examItems.answer,
      correct: examItems.correct,
      flagged: examItems.flagged,
      used_time_seconds: examItems.usedTimeSeconds,
      answered_at: examItems.answeredAt,
    },
    examItems,
    exams.userId,
    [asc(examItems.examId), asc(examItems.sectionIndex), asc(examItems.position)],
    { table: exams, on: eq(exams.id, examItems.examId) },
  ),
  daily_activity: ownRows(
    {
      day: dailyActivity.day,
      questions: dailyActivity.questions,
      correct: dailyActivity.correct,
      time_seconds: dailyActivity.timeSeconds,
      words: dailyActivity.words,
      reviews: dailyActivity.reviews,
      signed_in: dailyActivity.signedIn,
      streak: dailyActivity.streak,
    },
    dailyActivity,
    dailyActivity.userId,
    [asc(dailyActivity.day)],
  ),
  flash_decks: ownRows(
    {
      id: flashes.id,
      name: flashes.name,
      status: flashes.status,
      range_kind: flashes.rangeKind,
      scope: flashes.scope,
      all_card_count: flashes.allCardCount,
      round_count: flashes.roundCount,
      coins_spent: flashes.coinsSpent,
      created_at: flashes.createdAt,
      finished_at: flashes.finishedAt,
    },
    flashes,
    flashes.userId,
    [asc(flashes.id)],
  ),
  flash_cards: ownRows(
    {
      flash_id: flashCards.flashId,
      word: flashCards.word,
      position: flashCards.position,
      source_qid: flashCards.sourceQid,
      stage: cardStage,
      misses: cardMisses,
    },
    flashCards,
    flashes.userId,
    [asc(flashCards.flashId), asc(flashCards.position)],
    { table: flashes, on: eq(flashes.id, flashCards.flashId) },
  ),
  card_reviews: ownRows(
    {
      word: cardReviews.word,
      due_at: cardReviews.dueAt,
      last_reviewed_at: cardReviews.lastReviewedAt,
      source_qid: cardReviews.sourceQid,
    },
    cardReviews,
    cardReviews.userId,
    [asc(cardReviews.word)],
  ),
  word_books: ownRows(
    { id: wordBooks.id, name: wordBooks.name, created_at: wordBooks.createdAt },
    wordBooks,
    wordBooks.userId,
    [asc(wordBooks.id)],
  ),
  word_book_entries: ownRows(
    {
      book_id: wordBookEntries.bookId,
      word: wordBookEntries.word,
      simple: wordBookEntries.simple,
      added_at: wordBookEntries.addedAt,
    },
    wordBookEntries,
    wordBooks.userId,
    [asc(wordBookEntries.bookId), asc(wordBookEntries.addedAt)],
    { table: wordBooks, on: eq(wordBooks.id, wordBookEntries.bookId) },
  ),
  words_met: ownRows(
    {
      word: wordEncounters.word,
      question_id: wordEncounters.questionId,
      sentence: wordEncounters.sentence,
      count: wordEncounters.count,
      last_at: wordEncounters.lastAt,
    },
    wordEncounters,
    wordEncounters.userId,
    [desc(wordEncounters.lastAt)],
  ),
  mails: ownRows(
    {
      id: mails.id,
      race: mails.race,
      subject: mails.subject,
      content: mails.content,
      link: mails.link,
      status: mails.status,
      created_at: mails.createdAt,
    },
    mails,
    mails.userId,
    [asc(mails.id)],
  ),
  mail_settings: ownRows({ off: mailSettings.off }, mailSettings, mailSettings.userId),
  comments: ownRows(
    {
      id: comments.id,
      topic_id: comments.topicId,
      parent_id: comments.parentId,
      content: comments.content,
      anonymous: comments.anonymous,
      review_status: comments.reviewStatus,
      like_count: comments.likeCount,
      removed_at: comments.removedAt,
      created_at: comments.createdAt,
    },
    comments,
    comments.userId,
    [asc(comments.id)],
  ),
  // The teacher's comment and score are about the learner's own essay; the teacher is not named (another user).
  essays: ownRows(
    {
      id: essays.id,
      question_id: essays.questionId,
      exam_id: essays.examId,
      answer: essays.answer,
      status: essays.status,
      score: essays.score,
      band_low: essays.bandLow,
      band_high: essays.bandHigh,
      machine: essays.machine,
      teacher_score: essays.teacherScore,
      teacher_comment: essays.teacherComment,
      created_at: essays.createdAt,
      judged_at: essays.judgedAt,
    },
    essays,
    essays.userId,
    [asc(essays.id)],
  ),
} satisfies Record<string, SectionRead>;

export type AccountSection = keyof typeof ACCOUNT_SECTIONS;
