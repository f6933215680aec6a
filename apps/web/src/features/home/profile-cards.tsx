import { LIMITS, userCalls, type User } from '@gre/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Card, Typography } from 'antd';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { zh } from '../../i18n/zh-CN';

const h = zh.home;

/** Both profile calls answer the updated user; the shared query picks it up everywhere. */
export function useUserUpdate<V>(fn: (v: V) => Promise<User>, onSaved?: () => void) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      void message.success(zh.common.saved);
      onSaved?.();
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
