import type { AssistantMessage } from '@gre/contracts';
import { Alert, Button, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { assistantCopy as t } from '../../i18n/zh-CN.assistant';
import { closeDialog } from '../../state/ui';
import type { PendingAsk } from './use-ask';

/** One message: the learner's on the right, the assistant's on the left, its text kept as written (never HTML). */
function Bubble({ role, children }: { role: 'learner' | 'assistant'; children: React.ReactNode }) {
  return (
    <div className={`gas-msg gas-msg-${role}`} role="article" aria-label={role === 'learner' ? t.learner : t.assistant}>
      <div className="gas-bubble">{children}</div>
    </div>
  );
}

/** What an answer rests on (题干, 解析, 正确率…), and the one-click next steps under it. */
function ReplyFoot({ message }: { message: AssistantMessage }) {
  return (
    <>
      {message.sources.length > 0 && (
        <div className="gas-sources" aria-label={t.sources}>
          <Typography.Text type="secondary">{t.sources}</Typography.Text>
          {message.sources.map((s, i) => (
            <Tag key={`${s.kind}-${i}`} title={s.label}>
              {t.sourceKinds[s.kind] ?? s.kind}
            </Tag>
          ))}
          {message.answered_by && (
            <Typography.Text type="secondary">{t.answeredBy[message.answered_by]}</Typography.Text>
          )}
        </div>
      )}
      {message.actions.length > 0 && (
        <div className="gas-actions">
          {message.actions.map((a) => (
            <Link key={`${a.kind}-${a.link}`} to={a.link} onClick={closeDialog} className="gas-action">
              {a.label}
            </Link>
          ))}
        </div>
      )}
    </>
  );
}

export function MessageView({ message }: { message: AssistantMessage }) {
  return (
    <Bubble role={message.role}>
      <div className="gas-text">{message.text}</div>
      {message.role === 'assistant' && <ReplyFoot message={message} />}
    </Bubble>
  );
}

/** The question being answered: the reply as it streams with the typing indicator, or the failure with 重试. */
export function PendingView({ pending, onRetry }: { pending: PendingAsk; onRetry: () => void }) {
  return (
    <>
      <Bubble role="learner">
        <div className="gas-text">{pending.message}</div>
      </Bubble>
      {(pending.reply || !pending.failed) && (
        <Bubble role="assistant">
          {pending.reply && <div className="gas-text">{pending.reply}</div>}
          {!pending.failed && (
            <div className="gas-typing" role="status">
              <span className="gas-dots" aria-hidden="true">
                <i />
                <i />
                <i />
              </span>
              {t.typing}
            </div>
          )}
        </Bubble>
      )}
      {pending.failed && (
        <Alert
          type="error"
          showIcon
          message={pending.failed.show ? t.failedKind(pending.failed.show) : t.failed}
          action={
            <Button size="small" onClick={onRetry}>
              {t.retry}
            </Button>
          }
        />
      )}
    </>
  );
}
