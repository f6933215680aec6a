import { HistoryOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { ASSISTANT_LIMITS, assistantCalls } from '@gre/contracts';
import { Button, Input, Tag, Typography } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { call } from '../../api/client';
import { reportError } from '../../api/query-client';
import { assistantCopy as t } from '../../i18n/zh-CN.assistant';
import './assistant.css';
import { MessageView, PendingView } from './assistant-messages';
import { ConversationList } from './conversation-list';
import { useAsk } from './use-ask';

/** The input: Enter sends, Shift+Enter (or an IME still composing) writes a new line; at most the contract's length. */
function Composer({ busy, onSend }: { busy: boolean; onSend: (text: string) => Promise<boolean> }) {
  const [draft, setDraft] = useState('');
  const submit = () => {
    const text = draft.trim();
    if (!text || busy) return;
    setDraft('');
    void onSend(text).then((sent) => {
      if (!sent) setDraft((d) => d || text);
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };
  return (
    <div className="gas-composer">
      <Input.TextArea
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        maxLength={ASSISTANT_LIMITS.message}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t.placeholder}
        aria-label={t.inputLabel}
      />
      <Button type="primary" icon={<SendOutlined />} onClick={submit} disabled={busy || !draft.trim()}>
        {t.send}
      </Button>
    </div>
  );
}

/**
 * The study assistant (issue 18): a conversation — the learner's messages on the right, the assistant's on the left,
 * the reply streamed in with a typing indicator, then its sources and actions — with suggestions for an empty one and
 * the list of earlier conversations to continue or delete. `questionId` is the question in front of the learner (the
 * chat dialog's 助教 tab); without it the learner asks about their progress.
 */
export function AssistantPanel({ questionId = null }: { questionId?: string | null }) {
  const ask = useAsk(questionId);
  const [view, setView] = useState<'chat' | 'list'>('chat');
  const end = useRef<HTMLDivElement>(null);
  const busy = ask.pending !== null && ask.pending.failed === null;
  const empty = ask.messages.length === 0 && ask.pending === null;

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [ask.messages.length, ask.pending?.reply, ask.pending?.failed]);

  const openConversation = (id: number) => {
    call(assistantCalls.get, { id }, { quiet: true }).then((r) => {
      ask.open(r.conversation.id, r.messages);
      setView('chat');
    }, reportError);
  };

  const suggestions = questionId ? t.suggestions.question : t.suggestions.progress;
  return (
    <section className="gas-panel" aria-label={t.title}>
      <div className="gas-head">
        <Button icon={<PlusOutlined />} onClick={() => (ask.open(null, []), setView('chat'))} disabled={busy}>
          {t.list.newChat}
        </Button>
        <Button
          icon={<HistoryOutlined />}
          onClick={() => setView(view === 'list' ? 'chat' : 'list')}
          aria-pressed={view === 'list'}
          disabled={busy}
        >
          {view === 'list' ? t.list.back : t.list.title}
        </Button>
      </div>
      {view === 'list' ? (
        <ConversationList
          onOpen={openConversation}
          onDeleted={(id) => id === ask.conversationId && ask.open(null, [])}
        />
      ) : (
        <>
          <div className="gas-thread" aria-live="polite">
            {empty && (
              <div className="gas-empty">
                <Typography.Paragraph type="secondary">{questionId ? t.intro : t.introProgress}</Typography.Paragraph>
                <div className="gas-chips">
                  {suggestions.map((s) => (
                    <Tag.CheckableTag key={s} checked={false} className="gas-chip" onChange={() => void ask.send(s)}>
                      {s}
                    </Tag.CheckableTag>
                  ))}
                </div>
              </div>
            )}
            {ask.messages.map((m) => (
              <MessageView key={m.id} message={m} />
            ))}
            {ask.pending && <PendingView pending={ask.pending} onRetry={ask.retry} />}
            <div ref={end} />
          </div>
          {busy && (
            <Button size="small" className="gas-stop" onClick={ask.stop}>
              {t.stop}
            </Button>
          )}
          <Composer busy={busy} onSend={ask.send} />
        </>
      )}
    </section>
  );
}

export default AssistantPanel;
