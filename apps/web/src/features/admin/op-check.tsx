import { CODE_RULES, userCalls } from '@gre/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { ApiError, call } from '../../api/client';
import { reportError } from '../../api/query-client';
import { coreCopy } from '../../i18n/zh-CN.core';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { useCountdown } from '../auth';

const t = adminCopy.opCheck;
const CODE_PATTERN = new RegExp(`^\\d{${CODE_RULES.digits}}$`);

/** One money- or role-changing action waiting for its confirmation code. */
export interface OpCheckRequest<T> {
  /** What is about to happen, short: the dialog's title ("安全验证：开通会员"). */
  action: string;
  /** The change spelled out (who, what, how much), shown above the code. */
  summary?: ReactNode;
  /** Runs the action with the code the admin typed; the server checks and uses the code up. */
  run: (opCode: string) => Promise<T>;
  onDone?: (result: T) => void;
}

/**
 * The last code sent in this tab. The server sends at most one code a minute to a target (`every`: the interval it
 * answered with) and only the newest counts: an unused one is used again by the next action within the interval, and
 * a used one still sets when to ask again.
 */
let lastSent: { target: string; at: number; used: boolean; every: number } | null = null;

/** For tests: forget the code sent by an earlier test. */
export function forgetSentCode(): void {
  lastSent = null;
}

const secondsSince = (at: number) => (Date.now() - at) / 1000;
/** Seconds before the server takes another code request after the last one sent (0: it would now). */
const waitLeft = (sent: { at: number; every: number }) => Math.max(0, sent.every - secondsSince(sent.at));

function OpCheckDialog<T>({ request, onClose }: { request: OpCheckRequest<T>; onClose: () => void }) {
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<'invalid' | 'frequent' | 'sendFailed' | null>(null);
  const [target, setTarget] = useState<string | null>(lastSent && !lastSent.used ? lastSent.target : null);
  const [left, startCountdown] = useCountdown();
  // A code used by an action in the last minute: the next one can only go out when the minute is over.
  const [autoSendAt, setAutoSendAt] = useState<number | null>(() =>
    lastSent?.used && waitLeft(lastSent) > 0 ? lastSent.at + lastSent.every * 1000 : null,
  );

  const send = useMutation({
    mutationFn: () => call(userCalls.sendOpCheckCode, {}),
    meta: { handlesErrors: true },
    onMutate: () => setProblem(null),
    onSuccess: (res) => {
      const every = res.resend_after || CODE_RULES.resendSeconds;
      lastSent = { target: res.target, at: Date.now(), used: false, every };
      setTarget(res.target);
      startCountdown(every);
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.kind === 'code_too_frequent' || err.kind === 'rate_limited')) {
        setProblem('frequent');
        if (lastSent) startCountdown(Math.max(1, waitLeft(lastSent)));
        return;
      }
      setProblem('sendFailed');
      reportError(err);
    },
  });

  const run = useMutation({
    mutationFn: (opCode: string) => request.run(opCode),
    meta: { handlesErrors: true },
    onSuccess: (result) => {
      if (lastSent) lastSent.used = true;
      onClose();
      request.onDone?.(result);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.kind === 'code_invalid') {
        setProblem('invalid');
        setCode('');
        return;
      }
      // The action itself was refused (unknown user, wrong state…): the catalogue says why; the code may be spent.
      if (lastSent) lastSent.used = true;
      onClose();
      reportError(err);
    },
  });

  // A code still live from an earlier action in this minute is used again, a used one sets when the next goes out;
  // otherwise one goes out on opening.
  const { mutate: sendCode } = send;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (lastSent && waitLeft(lastSent) > 0) {
      startCountdown(waitLeft(lastSent));
      return;
    }
    sendCode();
  }, [sendCode, startCountdown]);
  useEffect(() => {
    if (autoSendAt === null) return;
    const timer = window.setTimeout(
      () => {
        setAutoSendAt(null);
        sendCode();
      },
      Math.max(0, autoSendAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [autoSendAt, sendCode]);

  const submit = () => {
    setTried(true);
    if (!CODE_PATTERN.test(code)) return;
    run.mutate(code);
  };
  const badFormat = tried && !CODE_PATTERN.test(code);

  let status: ReactElement | null = null;
  if (send.isPending) status = <Alert type="info" showIcon title={t.sending} />;
  else if (autoSendAt !== null) status = <Alert type="info" showIcon title={t.autoSendIn(left)} />;
  else if (problem === 'frequent') status = <Alert type="warning" showIcon title={t.tooFrequent} />;
  else if (problem === 'sendFailed') status = <Alert type="error" showIcon title={t.sendFailed} />;
  else if (target)
    status = <Alert type="info" showIcon title={send.isSuccess ? t.sentTo(target) : t.stillValid(target)} />;

  return (
    <Modal
      open
      title={t.title(request.action)}
      okText={t.ok}
      cancelText={coreCopy.common.cancel}
      okButtonProps={{ loading: run.isPending, danger: true }}
      onOk={submit}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {request.summary && <div className="gam-op-summary">{request.summary}</div>}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t.intro}
        </Typography.Paragraph>
        {status}
        <Form layout="vertical" component="div">
          <Form.Item
            label={t.code}
            validateStatus={badFormat || problem === 'invalid' ? 'error' : undefined}
            help={problem === 'invalid' ? t.codeInvalid : badFormat ? t.codeRule : undefined}
            style={{ marginBottom: 0 }}
          >
            <Space.Compact style={{ width: '100%' }}>
              <Input
                aria-label={t.code}
                placeholder={t.codePlaceholder}
                value={code}
                maxLength={CODE_RULES.digits}
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
                onChange={(e) => {
                  setCode(e.target.value.replace(/\D/g, ''));
                  if (problem === 'invalid') setProblem(null);
                }}
                onPressEnter={submit}
              />
              <Button
                onClick={() => {
                  setAutoSendAt(null);
                  sendCode();
                }}
                disabled={left > 0}
                loading={send.isPending}
              >
                {left > 0 ? t.resendIn(left) : target ? t.resend : t.send}
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
      </Space>
    </Modal>
  );
}

/**
 * The one confirmation step of every money- or role-changing action: `ask(request)` opens a dialog that sends a code
 * to the admin's own phone or e-mail (`/api/user/send_op_check_code`), asks for it and runs the action with it.
 * Render `dialog` once where the hook is used.
 */
export function useOpCheck(): { ask: <T>(request: OpCheckRequest<T>) => void; dialog: ReactElement | null } {
  const [request, setRequest] = useState<OpCheckRequest<unknown> | null>(null);
  const ask = useCallback(<T,>(r: OpCheckRequest<T>) => setRequest(r as OpCheckRequest<unknown>), []);
  const close = useCallback(() => setRequest(null), []);
  return { ask, dialog: request ? <OpCheckDialog request={request} onClose={close} /> : null };
}
