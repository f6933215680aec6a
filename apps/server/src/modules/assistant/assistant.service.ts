import {
  ASSISTANT_LIMITS,
  type AskResponse,
  type assistantCalls,
  type CallRequest,
  type CallResponse,
} from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { quotaFor, takeAssistantQuestion } from '../../lib/quota.js';
import { Reservations } from '../../lib/reservations.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { retryLater } from '../auth/index.js';
import {
  appendMessage,
  conversationMessages,
  conversationsPage,
  deleteConversation,
  insertConversation,
  lockConversation,
  ownConversation,
  usageByDay,
  type ConversationRow,
} from './assistant.repository.js';
import { toAssistantMessage, toConversationBrief } from './assistant-view.js';
import { dictionaryFor, EMPTY_GROUNDING, groundQuestion, type Grounding } from './grounding.js';
import { composeQuestionAnswer, readMessage, type Composed, type Reading } from './intents.js';
import { answerWithModel, chunks, modelMayAnswer, type ReplyDraft } from './model-answer.js';
import { composeProgressAnswer, loadProgress, PROGRESS_INTENTS } from './progress.js';

type AskBody = CallRequest<typeof assistantCalls.ask>;

const MINUTE = { max: ASSISTANT_LIMITS.perMinute, windowSeconds: 60 };
const NOT_YOURS = () => new AppError('not_found', 'no such conversation of this learner', '没有找到这段对话');
const TOO_LONG = () =>
  new AppError(
    'conflict',
    'the conversation is full',
    `一段对话最多 ${ASSISTANT_LIMITS.messages} 条消息，请新开一段对话`,
  );

/** The title of a conversation: the start of its first message, on one line. */
export const titleOf = (message: string) => {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length <= ASSISTANT_LIMITS.title ? flat : `${flat.slice(0, ASSISTANT_LIMITS.title - 1)}…`;
};

/** An `ask` checked, counted and with the learner's message kept; `answer` writes (and streams) the reply. */
export interface PreparedAsk {
  answer(onDelta: (text: string) => void): Promise<AskResponse>;
}

async function builtinAnswer(deps: Deps, actor: Actor, g: Grounding, r: Reading): Promise<Composed> {
  if (PROGRESS_INTENTS.has(r.intent)) return composeProgressAnswer(await loadProgress(deps, actor), r);
  return composeQuestionAnswer(g, r);
}

/**
 * Everything before the first byte of a reply: the conversation is the learner's and has room, the per-minute limit,
 * the grounding (a question the learner may not open refuses here, as the bank refuses it), then in one unit of work
 * the day's allowance and the learner's message. Any refusal leaves nothing written.
 */
export async function prepareAsk(deps: Deps, actor: Actor, body: AskBody): Promise<PreparedAsk> {
  const userId = actor.user.id;
  let existing: ConversationRow | null = null;
  if (body.conversation_id !== undefined) {
    existing = await ownConversation(deps.database.db, userId, body.conversation_id);
    if (!existing) throw NOT_YOURS();
    if (existing.messages + 2 > ASSISTANT_LIMITS.messages) throw TOO_LONG();
  }
  const questionId = existing ? existing.questionId : (body.question_id ?? null);
  const reading = readMessage(body.message);
  const held = new Reservations(deps.limiter);
  await held.take(`assistant:minute:${userId}`, MINUTE, (s) =>
    retryLater('rate_limited', s, 'too many questions to the assistant this minute'),
  );
  try {
    const words = reading.intent === 'word' ? reading.words : [];
    const grounding = questionId
      ? await groundQuestion(deps, actor, questionId, words)
      : { ...EMPTY_GROUNDING, words: await dictionaryFor(words) };
    const now = deps.clock.now();
    // Read before the unit opens: a read outside its transaction inside it would wait on it (one PGlite connection).
    const quota = quotaFor(actor, await deps.settings.override('quotas'));
    const started = await withUnitOfWork(deps, async ({ tx }) => {
      const refusal = await takeAssistantQuestion(tx, actor, quota, now);
      if (refusal) throw refusal;
      const conversation = existing
        ? await lockConversation(tx, userId, existing.id)
        : await insertConversation(tx, { userId, questionId, title: titleOf(body.message), at: now });
      if (!conversation) throw NOT_YOURS();
      if (conversation.messages + 2 > ASSISTANT_LIMITS.messages) throw TOO_LONG();
      return appendMessage(tx, conversation, { role: 'learner', text: body.message }, now);
    });
    held.keep();
    return {
      answer: (onDelta) => writeReply(deps, actor, { started, grounding, reading, message: body.message }, onDelta),
    };
  } catch (error) {
    await held.releaseAll();
    throw error;
  }
}

interface Asked {
  started: Awaited<ReturnType<typeof appendMessage>>;
  grounding: Grounding;
  reading: Reading;
  message: string;
}

/** The built-in answer, or the model's when it may answer this (model-answer.ts); streamed as it is written. */
async function composeReply(deps: Deps, actor: Actor, asked: Asked, onDelta: (text: string) => void) {
  const { grounding, reading } = asked;
  const builtin = await builtinAnswer(deps, actor, grounding, reading);
  const model = deps.assistantModel;
  // The intent check comes first: a progress question or a withheld answer never reaches the model.
  if (model && !PROGRESS_INTENTS.has(reading.intent) && modelMayAnswer(grounding, reading.intent)) {
    return answerWithModel(model, grounding, asked.message, builtin, onDelta);
  }
  for (const c of chunks(builtin.text)) onDelta(c);
  const draft: ReplyDraft = { ...builtin, answeredBy: 'builtin', model: null };
  return draft;
}

async function writeReply(
  deps: Deps,
  actor: Actor,
  asked: Asked,
  onDelta: (text: string) => void,
): Promise<AskResponse> {
  const { started, reading } = asked;
  const draft = await composeReply(deps, actor, asked, onDelta);
  const now = deps.clock.now();
  const { message: reply, conversation } = await withUnitOfWork(deps, ({ tx }) =>
    appendMessage(
      tx,
      started.conversation,
      {
        role: 'assistant',
        text: draft.text,
        intent: reading.intent,
        answeredBy: draft.answeredBy,
        withheld: draft.withheld ? 1 : 0,
        actions: draft.actions,
        sources: draft.sources,
        model: draft.model,
      },
      now,
    ),
  );
  return {
    conversation: toConversationBrief(conversation),
    message: toAssistantMessage(started.message),
    reply: toAssistantMessage(reply),
  };
}

export async function listConversations(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  body: CallRequest<typeof assistantCalls.list>,
): Promise<CallResponse<typeof assistantCalls.list>> {
  const page = body.page ?? 1;
  const size = body.page_size ?? 20;
  const { rows, total } = await conversationsPage(deps.database.db, actor.user.id, size, (page - 1) * size);
  return {
    items: rows.map(toConversationBrief),
    page_control: { page, page_size: size, total },
  };
}

export async function getConversation(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  id: number,
): Promise<CallResponse<typeof assistantCalls.get>> {
  const conversation = await ownConversation(deps.database.db, actor.user.id, id);
  if (!conversation) throw NOT_YOURS();
  const messages = await conversationMessages(deps.database.db, id);
  return { conversation: toConversationBrief(conversation), messages: messages.map(toAssistantMessage) };
}

export async function removeConversation(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  id: number,
): Promise<{ done: true }> {
  if (!(await deleteConversation(deps.database.db, actor.user.id, id))) throw NOT_YOURS();
  return { done: true };
}

/** The staff's view: counts by day, never a message. */
export async function assistantUsage(
  deps: Pick<Deps, 'database' | 'clock'>,
  days: number,
): Promise<CallResponse<typeof assistantCalls.usage>> {
  const from = new Date(deps.clock.now().getTime() - days * 86_400_000);
  const rows = await usageByDay(deps.database.db, from);
  return {
    days: rows.map((r) => ({
      day: r.day,
      questions: r.questions,
      learners: r.learners,
      by_model: r.byModel,
      builtin: r.builtin,
      withheld: r.withheld,
    })),
  };
}
