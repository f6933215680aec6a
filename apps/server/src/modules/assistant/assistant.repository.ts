import { assistantConversations, assistantMessages, crafts, questions, type Queryable, type Tx } from '@gre/db';
import { and, asc, count, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';

export type ConversationRow = typeof assistantConversations.$inferSelect;
export type MessageRow = typeof assistantMessages.$inferSelect;
export type NewMessage = Omit<typeof assistantMessages.$inferInsert, 'id' | 'conversationId' | 'userId' | 'createdAt'>;

/** The learner's own wrong answer and note on a question (their craft), if any. */
export async function ownCraft(
  db: Queryable,
  userId: number,
  questionId: string,
): Promise<{ wrong: unknown; note: unknown } | null> {
  const [row] = await db
    .select({ wrong: crafts.wrong, note: crafts.note })
    .from(crafts)
    .where(and(eq(crafts.userId, userId), eq(crafts.questionId, questionId)));
  return row ?? null;
}

/** Questions of one kind among the given visibilities, by id, without `excludeId`. */
export function sameKindQuestions(
  db: Queryable,
  q: { kind: string; excludeId: string; visibilities: string[]; limit: number },
): Promise<{ id: string; inquiry: string }[]> {
  return db
    .select({ id: questions.id, inquiry: questions.inquiry })
    .from(questions)
    .where(
      and(eq(questions.kind, q.kind), ne(questions.id, q.excludeId), inArray(questions.visibility, q.visibilities)),
    )
    .orderBy(asc(questions.id))
    .limit(q.limit);
}

/** One conversation, only when it is this learner's. */
export async function ownConversation(db: Queryable, userId: number, id: number): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(assistantConversations)
    .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, userId)));
  return row ?? null;
}

/** Locks the learner's conversation for the new messages; null when it is not theirs. */
export async function lockConversation(tx: Tx, userId: number, id: number): Promise<ConversationRow | null> {
  const [row] = await tx
    .select()
    .from(assistantConversations)
    .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, userId)))
    .for('update');
  return row ?? null;
}

export async function insertConversation(
  tx: Tx,
  c: { userId: number; questionId: string | null; title: string; at: Date },
): Promise<ConversationRow> {
  const [row] = await tx
    .insert(assistantConversations)
    .values({ userId: c.userId, questionId: c.questionId, title: c.title, createdAt: c.at, updatedAt: c.at })
    .returning();
  return row!;
}

/** Appends a message and counts it on its conversation. */
export async function appendMessage(
  tx: Tx,
  conversation: Pick<ConversationRow, 'id' | 'userId'>,
  m: NewMessage,
  at: Date,
): Promise<{ message: MessageRow; conversation: ConversationRow }> {
  const [message] = await tx
    .insert(assistantMessages)
    .values({ ...m, conversationId: conversation.id, userId: conversation.userId, createdAt: at })
    .returning();
  const [updated] = await tx
    .update(assistantConversations)
    .set({ messages: sql`${assistantConversations.messages} + 1`, updatedAt: at })
    .where(eq(assistantConversations.id, conversation.id))
    .returning();
  return { message: message!, conversation: updated! };
}

export async function conversationsPage(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: ConversationRow[]; total: number }> {
  const mine = eq(assistantConversations.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(assistantConversations)
      .where(mine)
      .orderBy(desc(assistantConversations.updatedAt), desc(assistantConversations.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(assistantConversations).where(mine),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export function conversationMessages(db: Queryable, conversationId: number): Promise<MessageRow[]> {
  return db
    .select()
    .from(assistantMessages)
    .where(eq(assistantMessages.conversationId, conversationId))
    .orderBy(asc(assistantMessages.id));
}

/** Deletes the learner's conversation (its messages go with it); false when it is not theirs. */
export async function deleteConversation(db: Queryable, userId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(assistantConversations)
    .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, userId)))
    .returning({ id: assistantConversations.id });
  return gone.length > 0;
}

/** Use by Shanghai day since `from`: counts only, never a message's text. */
export async function usageByDay(
  db: Queryable,
  from: Date,
): Promise<{ day: string; questions: number; learners: number; byModel: number; builtin: number; withheld: number }[]> {
  const day = sql<string>`to_char(${assistantMessages.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      questions: sql<number>`count(*) filter (where ${assistantMessages.role} = 'learner')::int`,
      learners: sql<number>`count(distinct ${assistantMessages.userId})::int`,
      byModel: sql<number>`count(*) filter (where ${assistantMessages.answeredBy} = 'model')::int`,
      builtin: sql<number>`count(*) filter (where ${assistantMessages.answeredBy} = 'builtin')::int`,
      withheld: sql<number>`count(*) filter (where ${assistantMessages.withheld} > 0)::int`,
    })
    .from(assistantMessages)
    .where(gte(assistantMessages.createdAt, from))
    .groupBy(day)
    .orderBy(day);
  return rows.map((r) => ({ ...r, questions: Number(r.questions), learners: Number(r.learners) }));
}
