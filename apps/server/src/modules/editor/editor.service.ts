import {
  checkDraft,
  checkQuestion,
  EDITOR_EXPORT_MAX,
  EDITOR_KINDS,
  EDITOR_PASSAGES_MAX,
  nearDuplicateStems,
  PASSAGE_ID_PREFIX,
  type CallRequest,
  type CallResponse,
  type ContentPassage,
  type DraftBody,
  type DraftProblem,
  type EditorOpened,
  type editorCalls,
} from '@gre/contracts';
import type { Queryable } from '@gre/db';
import { AppError } from '../../lib/app-error.js';
import { actionOf, recordAudit } from '../../lib/audit.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { stemPreview } from '../../lib/question-view.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { importPackage } from '../content-import/index.js';
import { bodyOf, passageContent, questionContent } from './content.js';
import * as repo from './editor.repository.js';

type Call<K extends keyof typeof editorCalls> = (typeof editorCalls)[K];
const stamp = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);
const notFound = (what: string) => new AppError('not_found', `no ${what}`, '没有找到这道题或草稿');

export async function findLines(deps: Deps, body: CallRequest<Call<'find'>>): Promise<CallResponse<Call<'find'>>> {
  const page = body.page ?? 1;
  const pageSize = body.page_size ?? 20;
  const { rows, total } = await repo.findLines(deps.database.db, {
    query: body.query ?? '',
    kind: body.kind,
    difficulty: body.difficulty,
    status: body.status,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return {
    items: rows.map((r) => ({
      question_id: r.question_id,
      draft_id: r.draft_id === null ? null : Number(r.draft_id),
      kind: r.kind,
      difficulty: r.difficulty,
      brief: r.brief,
      preview: stemPreview(r.inquiry),
      status: r.status,
      updated_stamp: stamp(r.updated_at),
    })),
    page_control: { page, page_size: pageSize, total },
  };
}

/** The live question as a draft body, with its passage. */
async function liveBody(db: Queryable, questionId: string): Promise<DraftBody | null> {
  const row = await repo.questionById(db, questionId);
  if (!row) return null;
  return bodyOf(row, row.passageId ? await repo.passageById(db, row.passageId) : null);
}

export async function openQuestion(deps: Deps, body: CallRequest<Call<'open'>>): Promise<EditorOpened> {
  const db = deps.database.db;
  const draft = body.draft_id !== undefined ? await repo.draftById(db, body.draft_id) : null;
  if (body.draft_id !== undefined && !draft) throw notFound(`draft ${body.draft_id}`);
  const questionId = body.question_id ?? draft?.questionId ?? null;
  if (!questionId) {
    return {
      question_id: null,
      draft_id: draft!.id,
      status: 'draft',
      body: draft!.body as DraftBody,
      live: null,
      revision: 0,
    };
  }
  const live = await liveBody(db, questionId);
  if (!live) throw notFound(`question ${questionId}`);
  const open = draft ?? (await repo.draftOfQuestion(db, questionId));
  return {
    question_id: questionId,
    draft_id: open?.id ?? null,
    status: open ? 'modified' : 'published',
    body: open ? (open.body as DraftBody) : live,
    live,
    revision: await repo.latestRevision(db, questionId),
  };
}

export async function findPassages(deps: Deps, query: string): Promise<CallResponse<Call<'passages'>>> {
  return { items: await repo.findPassages(deps.database.db, query, EDITOR_PASSAGES_MAX) };
}

export async function getPassage(deps: Deps, id: string): Promise<CallResponse<Call<'passage'>>> {
  const row = await repo.passageById(deps.database.db, id);
  if (!row) throw new AppError('not_found', `no passage ${id}`, '没有找到这篇文章');
  return { passage: passageContent(row) };
}

/** The stored passages a draft's question reads without carrying them, for the content check. */
async function storedPassages(db: Queryable, body: DraftBody): Promise<Map<string, ContentPassage>> {
  const id = body.passage ? null : body.question.passage_id;
  const row = id ? await repo.passageById(db, id) : null;
  return new Map(row ? [[row.id, passageContent(row)]] : []);
}

export async function saveDraft(
  deps: Deps,
  actor: Actor,
  body: CallRequest<Call<'saveDraft'>>,
): Promise<CallResponse<Call<'saveDraft'>>> {
  const draftBody = body.body as DraftBody;
  const draftId = await withUnitOfWork(deps, async ({ tx }) => {
    if (body.draft_id !== undefined) {
      if (!(await repo.draftById(tx, body.draft_id))) throw notFound(`draft ${body.draft_id}`);
      await repo.updateDraft(tx, body.draft_id, draftBody, actor.user.id);
      return body.draft_id;
    }
    const questionId = body.question_id ?? null;
    if (questionId !== null) {
      if (!(await repo.questionById(tx, questionId))) throw notFound(`question ${questionId}`);
      const open = await repo.draftOfQuestion(tx, questionId);
      if (open) {
        await repo.updateDraft(tx, open.id, draftBody, actor.user.id);
        return open.id;
      }
    }
    return repo.insertDraft(tx, {
      questionId,
      body: draftBody,
      baseRevision: body.base_revision ?? 0,
      userId: actor.user.id,
    });
  });
  const { problems } = checkDraft(draftBody, await storedPassages(deps.database.db, draftBody));
  return { draft_id: draftId, problems };
}

export async function discardDraft(deps: Deps, draftId: number): Promise<{ done: true }> {
  await withUnitOfWork(deps, async ({ tx }) => {
    if (!(await repo.draftById(tx, draftId))) throw notFound(`draft ${draftId}`);
    await repo.deleteDrafts(tx, draftId, null);
  });
  return { done: true };
}

/** The exact-stem key of checkBank: passage, stem and quantities, case and spacing ignored. */
const stemKey = (q: {
  passage_id?: string | undefined;
  inquiry: string;
  quantity_a?: string | undefined;
  quantity_b?: string | undefined;
}) =>
  [q.passage_id ?? '', q.inquiry, q.quantity_a ?? '', q.quantity_b ?? '']
    .join('|')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

const pad = (n: number) => String(n).padStart(3, '0');

/** Problems as one line each, for the refusal's detail (the editor lists the browser's own check beside the form). */
function refuse(problems: DraftProblem[]): never {
  const lines = problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
  throw new AppError(
    'content_invalid',
    `${problems.length} problem(s): ${lines.join('; ')}`.slice(0, 2000),
    `题目未通过内容检查（${problems.length} 处问题）：${lines.slice(0, 3).join('；')}`.slice(0, 300),
  );
}

/**
 * Publishes a draft: the content check (the contracts' schemas and checkQuestion, the near-duplicate stems against the
 * live bank, and the other questions of an edited passage against its new sentences), then, in one unit, the question
 * and its passage written through the content import (search text, GRE word links), a revision and the audit row. A
 * new question or passage takes the next free number of its kind's id pattern.
 */
export async function publish(
  deps: Deps,
  actor: Actor,
  body: CallRequest<Call<'publish'>>,
): Promise<CallResponse<Call<'publish'>>> {
  const draftBody = body.body as DraftBody;
  return withUnitOfWork(deps, async (uow) => {
    const { tx } = uow;
    await repo.lockPublishes(tx);
    const draft = body.draft_id !== undefined ? await repo.draftById(tx, body.draft_id) : null;
    if (body.draft_id !== undefined && !draft) throw notFound(`draft ${body.draft_id}`);
    const questionId = body.question_id ?? draft?.questionId ?? null;
    const row = questionId ? await repo.questionById(tx, questionId) : null;
    if (questionId && !row) throw notFound(`question ${questionId}`);
    const latest = questionId ? await repo.latestRevision(tx, questionId) : 0;
    if (latest !== body.base_revision)
      throw new AppError(
        'conflict',
        `revision ${latest} was published after ${body.base_revision}`,
        '这道题已有更新的发布版本，请重新打开后再修改',
      );

    const { problems, parsed } = checkDraft(draftBody, await storedPassages(tx, draftBody));
    if (!parsed) refuse(problems);
    const kind = EDITOR_KINDS[draftBody.question.kind];
    const id = questionId ?? `${kind.prefix}-${pad((await repo.highestNumber(tx, 'question', kind.prefix)) + 1)}`;
    const passage = parsed.passage && {
      ...parsed.passage,
      id:
        draftBody.passage?.id ??
        `${PASSAGE_ID_PREFIX}-${pad((await repo.highestNumber(tx, 'passage', PASSAGE_ID_PREFIX)) + 1)}`,
    };
    const question = {
      ...parsed.question,
      id,
      ...(passage ? { passage_id: passage.id } : {}),
    };

    const stems = (await repo.liveStems(tx))
      .filter((s) => s.id !== id)
      .map((s) => ({
        ...s,
        passage_id: s.passage_id ?? undefined,
        quantity_a: s.quantity_a ?? undefined,
        quantity_b: s.quantity_b ?? undefined,
      }));
    const later: DraftProblem[] = stems
      .filter((s) => stemKey(s) === stemKey(question))
      .map((s) => ({ path: 'question/inquiry', message: `same stem as ${s.id}` }));
    later.push(
      ...nearDuplicateStems([...stems, question])
        .filter((p) => p.index === stems.length)
        .map((p) => ({ path: 'question/inquiry', message: p.message })),
    );
    if (passage) {
      const passages = new Map([[passage.id, passage]]);
      for (const other of await repo.questionsOfPassage(tx, passage.id, id))
        for (const message of checkQuestion(questionContent(other), passages))
          later.push({ path: 'passage', message: `${other.id}: ${message}` });
    }
    if (later.length) refuse(later);

    const before = row ? bodyOf(row, row.passageId ? await repo.passageById(tx, row.passageId) : null) : null;
    const file = { passages: passage ? [passage] : [], questions: [question] };
    await importPackage(uow.deps.database.db, [{ name: 'editor.json', text: JSON.stringify(file) }]);
    const revision = latest + 1;
    const after: DraftBody = { question: { ...question, kind: draftBody.question.kind }, passage };
    await repo.insertRevision(tx, { questionId: id, revision, actorId: actor.user.id, before, after });
    await repo.deleteDrafts(tx, draft?.id ?? null, id);
    await recordAudit(uow, actor, {
      action: actionOf('/api/editor/publish'),
      targetKind: 'question',
      targetId: id,
      before: before && { revision: latest, brief: before.question.brief },
      after: { revision, brief: question.brief, passage_id: passage?.id ?? null },
    });
    return { question_id: id, passage_id: question.passage_id ?? null, revision };
  });
}

export async function history(deps: Deps, questionId: string): Promise<CallResponse<Call<'history'>>> {
  const rows = await repo.revisionsOf(deps.database.db, questionId);
  return {
    items: rows.map((r) => ({
      revision: r.revision,
      actor_id: r.actorId,
      actor_name: r.actorName,
      created_stamp: stamp(r.createdAt),
      before: r.before as DraftBody | null,
      after: r.after as DraftBody,
    })),
  };
}

/** One question, or every question published from the editor since a time, as a `content/bank/` file. */
export async function exportFile(deps: Deps, body: CallRequest<Call<'export'>>): Promise<CallResponse<Call<'export'>>> {
  const db = deps.database.db;
  const ids =
    body.question_id !== undefined
      ? [body.question_id]
      : await repo.publishedSince(db, new Date(body.since_stamp! * 1000), EDITOR_EXPORT_MAX);
  const rows = await repo.questionsByIds(db, ids);
  if (body.question_id !== undefined && rows.length === 0) throw notFound(`question ${body.question_id}`);
  const passageIds = [...new Set(rows.flatMap((r) => (r.passageId ? [r.passageId] : [])))];
  const passages = (await repo.passagesByIds(db, passageIds)).map(passageContent);
  const day = new Date((body.since_stamp ?? 0) * 1000).toISOString().slice(0, 10).replace(/-/g, '');
  return {
    file_name: body.question_id !== undefined ? `editor-${body.question_id}.json` : `editor-since-${day}.json`,
    passages,
    questions: rows.map(questionContent),
  };
}
