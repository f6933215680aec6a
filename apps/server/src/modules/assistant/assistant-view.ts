import {
  ASSISTANT_INTENTS,
  assistantActionSchema,
  assistantSourceSchema,
  type AssistantMessage,
  type ConversationBrief,
} from '@gre/contracts';
import { z } from 'zod';
import type { ConversationRow, MessageRow } from './assistant.repository.js';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const actionsOf = z.array(assistantActionSchema).catch([]);
const sourcesOf = z.array(assistantSourceSchema).catch([]);
const intentOf = z.enum(ASSISTANT_INTENTS).nullable().catch(null);

export function toConversationBrief(c: ConversationRow): ConversationBrief {
  return {
    id: c.id,
    title: c.title,
    question_id: c.questionId,
    messages: c.messages,
    updated_stamp: unix(c.updatedAt),
  };
}

export function toAssistantMessage(m: MessageRow): AssistantMessage {
  return {
    id: m.id,
    role: m.role === 'assistant' ? 'assistant' : 'learner',
    text: m.text,
    intent: intentOf.parse(m.intent),
    answered_by: m.answeredBy === 'model' || m.answeredBy === 'builtin' ? m.answeredBy : null,
    actions: actionsOf.parse(m.actions),
    sources: sourcesOf.parse(m.sources),
    created_stamp: unix(m.createdAt),
  };
}
