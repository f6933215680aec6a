import { noteSchema, PERSONAL_SCOPES, type CallResponse, type Craft, type craftCalls } from '@gre/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { loadBook, questionsInBook } from '../books/index.js';
import { collectCard } from '../cards/index.js';
import { decideAccess, type AccessDecision, type Visibility } from '../../lib/access.js';
import { toQuestionBrief } from '../../lib/question-view.js';
import { refusalError } from '../../lib/refusals.js';
import { toCraft } from './craft-view.js';
import {
  craftsOf,
  listCrafts,
  personalDraw,
  scopeCounts,
  updateOwnCraft,
  upsertCraft,
  type CraftWrite,
  type DrawnQuestion,
  type PersonalDraw,
} from './crafts.repository.js';

/** Requests as the handler receives them: parsed, defaults filled. */
type Parsed<K extends keyof typeof craftCalls> = z.output<(typeof craftCalls)[K]['request']>;
type UpdateRequest = Parsed<'updateV2'>;

const EMPTY_NOTE = noteSchema.parse({});

/** What an update kind writes; the parts of the request's craft that belong to other kinds are ignored. */
function writeOf(body: UpdateRequest, nowSeconds: number): CraftWrite {
  const c = body.craft;
  const missing = (part: string) =>
    new AppError('invalid_input', `update_kind ${body.update_kind} needs craft.${part}`);
  switch (body.update_kind) {
    case 'Note':
      if (!c.note) throw missing('note');
      return { part: 'note', note: c.note };
    case 'Collect':
      if (!c.collect) throw missing('collect');
      // Spec §4: unchecking a collect clears its tags.
      return {
        part: 'collect',
        collect: { ...c.collect, collect_ids: c.collect.collected ? [...new Set(c.collect.collect_ids)] : [] },
      };
    case 'Card':
      if (!c.card) throw missing('card');
      // The cards module owns Craft.card; the tag follows the source, set again once the source book is known.
      return { part: 'card', card: collectCard(c.card, null, nowSeconds) };
    case 'Improvement': {
      if (!c.improvement) throw missing('improvement');
      const patch =
        c.improvement.mastery === undefined
          ? { improvement: c.improvement.improvement }
          : { improvement: c.improvement.improvement, mastery: c.improvement.mastery };
      return { part: 'improvement', patch, whenNoNote: { ...EMPTY_NOTE, review: { ...EMPTY_NOTE.review, ...patch } } };
    }
  }
}

/**
 * Whether the learner may mark the question: the rules of /api/question/get. A question seen only through a book
 * that grants it (underground) is allowed when the source names that book and the book lists the question.
 */
async function checkAccess(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  questionId: string,
  visibility: string,
  templateId: string | null,
  now: Date,
): Promise<void> {
  const plain = decideAccess(actor, visibility as Visibility, null, now);
  if (plain.see) return;
  let viaBook: AccessDecision = plain;
  if (templateId && visibility === 'underground') {
    const book = await loadBook(deps, actor, templateId).catch(() => null);
    if (book && (await questionsInBook(deps, templateId, [questionId])).size === 1)
      viaBook = decideAccess(actor, visibility, book.gate, now);
  }
  if (!viaBook.see) throw refusalError(plain.refusal, 'question');
}

/**
 * /api/craft/update_v2: writes one part of the learner's craft on a question in one statement, so concurrent updates
 * of other parts are kept. craft_id 0 finds or creates the craft; any other id must be this learner's craft on this
 * question (else not_found, nothing written).
 */
export async function updateCraft(
  deps: Pick<Deps, 'database' | 'clock' | 'fast'>,
  actor: Actor,
  body: UpdateRequest,
  now = deps.clock.now(),
): Promise<{ craft: Craft }> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  let write = writeOf(body, nowSeconds);
  const userId = actor.user.id;
  const tagIds = write.part === 'collect' ? write.collect.collect_ids : [];
  const templateId = body.source?.template_id ?? null;
  const facts = await deps.fast.crafts.facts({ userId, questionId: body.question_id, templateId, tagIds });
  if (!facts) throw refusalError({ kind: 'not_found' }, 'question');
  await checkAccess(deps, actor, body.question_id, facts.visibility, templateId, now);
  if (facts.ownTags !== tagIds.length)
    throw new AppError(
      'invalid_input',
      'collect_ids: every tag must be one of your collect tags',
      '所选标签不存在，请刷新后重试',
    );
  if (write.part === 'card') write = { part: 'card', card: collectCard(write.card, facts.templateKind, nowSeconds) };
  const inHigher = facts.templateKind === 'higher';
  const db = deps.database.db;
  // The source is kept as the learner's latest (a book, an exam, or the search label), stamped by the server.
  const source = body.source ? { ...body.source, update_time_stamp: Math.floor(now.getTime() / 1000) } : null;
  // The common case (a whole part, found by question) shares its statement with concurrent updates (decision 012),
  // unless FAST_PATHS=off.
  const row =
    body.craft_id !== 0
      ? await updateOwnCraft(db, body.craft_id, userId, body.question_id, write, inHigher, source)
      : write.part === 'improvement' || !deps.fast.on
        ? await upsertCraft(db, userId, body.question_id, write, inHigher, source)
        : await deps.fast.crafts.write({ userId, questionId: body.question_id, write, inHigher, source });
  if (!row) throw new AppError('not_found', 'craft not found');
  return { craft: toCraft(row) };
}

export async function getCrafts(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  body: Parsed<'get'>,
): Promise<CallResponse<typeof craftCalls.get>> {
  const rows = await craftsOf(deps.database.db, actor.user.id, [...new Set(body.question_ids)]);
  return { crafts: rows.map(toCraft) };
}

/** A personal page: each item's question brief under today's access (a question no longer open keeps no stem). */
export async function listPersonal(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
  body: Parsed<'list'>,
  now = deps.clock.now(),
): Promise<CallResponse<typeof craftCalls.list>> {
  const { page, page_size: pageSize, ...filter } = body;
  const { rows, total } = await listCrafts(deps.database.db, actor.user.id, filter, pageSize, (page - 1) * pageSize);
  return {
    items: rows.map((r) => ({
      question: toQuestionBrief(r.question, decideAccess(actor, r.question.visibility as Visibility, null, now).see),
      craft: toCraft(r.craft),
    })),
    total,
  };
}

export async function personalSummary(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
): Promise<CallResponse<typeof craftCalls.summary>> {
  const rows = await scopeCounts(deps.database.db, actor.user.id, PERSONAL_SCOPES);
  return {
    essays: rows.reduce((n, r) => n + r.essays, 0),
    scopes: PERSONAL_SCOPES.map((scope, i) => {
      const byCategory: Record<string, number> = {};
      let total = 0;
      for (const r of rows) {
        const n = r.counts[i]!;
        if (n === 0) continue;
        byCategory[String(r.category)] = n;
        total += n;
      }
      return { scope, total, by_category: byCategory };
    }),
  };
}

export type { DrawnQuestion, PersonalDraw };

/** The questions of a practice from the personal pages (exams/create.ts): the learner's own crafts by scope and filter. */
export function drawPersonal(deps: Pick<Deps, 'database'>, q: PersonalDraw): Promise<DrawnQuestion[]> {
  return personalDraw(deps.database.db, q);
}
