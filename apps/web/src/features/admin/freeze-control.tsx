import { userCalls, type CallResponse } from '@gre/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { adminKeys } from './admin-queries';
import type { OpCheckRequest } from './op-check';

const f = adminCopy.freeze;
export const FREEZE_REASON_MAX = 200;

export type FreezeResult = CallResponse<typeof userCalls.freeze>;

/** Who is being frozen or unfrozen: enough to name them. */
export interface FreezeTarget {
  id: number;
  name: string;
  is_freeze: boolean;
}

/** Freezes (with the reason) or unfreezes through `/api/user/freeze`, behind the confirmation code. */
export function useFreeze(ask: <T>(request: OpCheckRequest<T>) => void) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return (target: FreezeTarget, freeze: boolean, reason: string, onDone?: (r: FreezeResult) => void) =>
    ask({
      action: freeze ? f.freezeAction : f.unfreezeAction,
      summary: freeze ? f.freezeSummary(target.name, target.id, reason) : f.unfreezeSummary(target.name, target.id),
      run: (op_code) => call(userCalls.freeze, { user_id: target.id, freeze, op_code, reason: reason || undefined }),
      onDone: (result) => {
        void qc.invalidateQueries({ queryKey: adminKeys.user(target.id) });
        void qc.invalidateQueries({ queryKey: adminKeys.users });
        void qc.invalidateQueries({ queryKey: adminKeys.audit });
        void message.success(result.is_freeze ? f.frozen : f.unfrozen);
        onDone?.(result);
      },
    });
}

/** The reason a freeze needs, as a text area with its count. */
export function ReasonInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Input.TextArea
      aria-label={f.reason}
      placeholder={f.reasonPlaceholder}
      value={value}
      maxLength={FREEZE_REASON_MAX}
      showCount
      autoSize={{ minRows: 2, maxRows: 5 }}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** 账号状态 in the user drawer: freeze with a reason (every session ends at once), or unfreeze. */
export function FreezeSection({ user, ask }: { user: FreezeTarget; ask: <T>(request: OpCheckRequest<T>) => void }) {
  const run = useFreeze(ask);
  const [reason, setReason] = useState('');
  return (
    <section aria-label={adminCopy.drawer.account}>
      <Typography.Title level={5}>{adminCopy.drawer.account}</Typography.Title>
      <Typography.Paragraph type={user.is_freeze ? 'danger' : undefined}>
        {user.is_freeze ? adminCopy.drawer.frozenNow : adminCopy.drawer.activeNow}
      </Typography.Paragraph>
      {user.is_freeze ? (
        <Button onClick={() => run(user, false, '')}>{f.unfreezeButton}</Button>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <ReasonInput value={reason} onChange={setReason} />
          <Button danger disabled={!reason.trim()} onClick={() => run(user, true, reason.trim(), () => setReason(''))}>
            {f.freezeButton}
          </Button>
        </Space>
      )}
    </section>
  );
}
