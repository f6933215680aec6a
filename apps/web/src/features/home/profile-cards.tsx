import { LIMITS, userCalls, type User } from '@gre/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { zh } from '../../i18n/zh-CN';
import { layout } from '../../theme';

const h = zh.home;

/** Both profile calls answer the updated user; the shared query picks it up everywhere. */
function useUserUpdate<V>(fn: (v: V) => Promise<User>) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      void message.success(zh.common.saved);
    },
  });
}

/** The signature line, edited in place (update_signature, up to LIMITS.signature characters). */
export function SignatureCard({ user }: { user: User }) {
  const update = useUserUpdate((signature: string) => call(userCalls.updateSignature, { signature }));
  return (
    <Card title={h.signature} style={{ height: '100%' }}>
      <Typography.Paragraph
        type={user.signature ? undefined : 'secondary'}
        editable={{
          text: user.signature,
          maxLength: LIMITS.signature,
          tooltip: h.signatureEdit,
          triggerType: ['icon', 'text'],
          onChange: (value) => {
            const next = value.trim();
            if (next !== user.signature) update.mutate(next);
          },
        }}
      >
        {user.signature || h.signatureEmpty}
      </Typography.Paragraph>
    </Card>
  );
}

/** The number of questions aimed at each day (update_today_aim, LIMITS.todayAim). */
export function TodayAimCard({ user }: { user: User }) {
  const [aim, setAim] = useState<number | null>(user.data.today_aim);
  const update = useUserUpdate((value: number) => call(userCalls.updateTodayAim, { aim: value }));
  const { min, max } = LIMITS.todayAim;
  const changed = aim !== null && aim !== user.data.today_aim;
  return (
    <Card title={h.todayAim} style={{ height: '100%' }}>
      <Space wrap>
        <InputNumber
          size="large"
          min={min}
          max={max}
          precision={0}
          value={aim}
          onChange={setAim}
          suffix={h.todayAimUnit}
          aria-label={h.todayAim}
          style={{ width: '10em' }}
          onPressEnter={() => changed && update.mutate(aim)}
        />
        <Button type="primary" size="large" disabled={!changed} loading={update.isPending} onClick={() => aim !== null && update.mutate(aim)}>
          {zh.common.save}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: layout.gutter / 2, marginBottom: 0 }}>
        {h.todayAimHint(min, max)}
      </Typography.Paragraph>
    </Card>
  );
}
