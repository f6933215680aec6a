import type { AssistantMessage } from '@gre/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportError } from '../../api/query-client';
import { askStream, AssistantStreamError } from './assistant-client';
import { assistantKeys } from './assistant-queries';

/** The question being answered: the learner's words, the reply so far, and the failure if the stream broke. */
export interface PendingAsk {
  message: string;
  reply: string;
  /** Set when the stream broke: the server's text to show (may be empty), to offer 重试. */
  failed: { show: string } | null;
}

export interface AskState {
  conversationId: number | null;
  messages: AssistantMessage[];
  pending: PendingAsk | null;
  /** Sends a message; resolves false when it was refused before anything was written (the draft stays). */
  send: (message: string) => Promise<boolean>;
  retry: () => void;
  stop: () => void;
  /** Shows another conversation (or a new one with null). */
  open: (id: number | null, messages: AssistantMessage[]) => void;
}

/**
 * A conversation with the assistant as the panel shows it: the kept messages, and the one being asked, streamed as it
 * is written. A refusal before the stream (quota, rate limit, bad input) goes to the error catalogue (day_overflow →
 * the quota dialog); a broken stream stays in the panel with 重试.
 */
export function useAsk(questionId: string | null): AskState {
  const qc = useQueryClient();
  const [conversationId, setConversationId] = useState<number | null>(null);
  const [messages, setMessages] = useState<AssistantMessage[]>([]);
  const [pending, setPending] = useState<PendingAsk | null>(null);
  const abort = useRef<AbortController | null>(null);
  const idRef = useRef<number | null>(null);
  idRef.current = conversationId;

  useEffect(() => () => abort.current?.abort(), []);

  const send = useCallback(
    async (message: string): Promise<boolean> => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setPending({ message, reply: '', failed: null });
      const body = {
        message,
        ...(idRef.current !== null ? { conversation_id: idRef.current } : {}),
        ...(questionId ? { question_id: questionId } : {}),
      };
      try {
        const answer = await askStream(
          body,
          (text) => setPending((p) => (p ? { ...p, reply: p.reply + text } : p)),
          controller.signal,
        );
        setConversationId(answer.conversation.id);
        setMessages((m) => [...m, answer.message, answer.reply]);
        setPending(null);
        void qc.invalidateQueries({ queryKey: assistantKeys.lists });
        void qc.invalidateQueries({ queryKey: assistantKeys.one(answer.conversation.id) });
        return true;
      } catch (err) {
        if (controller.signal.aborted) {
          setPending(null);
          return false;
        }
        if (err instanceof AssistantStreamError) {
          setPending((p) => (p ? { ...p, failed: { show: err.err?.show ?? '' } } : p));
          return true;
        }
        setPending(null);
        reportError(err);
        return false;
      }
    },
    [qc, questionId],
  );

  const retry = useCallback(() => {
    if (pending) void send(pending.message);
  }, [pending, send]);

  const stop = useCallback(() => abort.current?.abort(), []);

  const open = useCallback((id: number | null, kept: AssistantMessage[]) => {
    abort.current?.abort();
    setConversationId(id);
    setMessages(kept);
    setPending(null);
  }, []);

  return { conversationId, messages, pending, send, retry, stop, open };
}
