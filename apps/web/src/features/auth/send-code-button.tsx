import { CODE_RULES, userCalls } from '@gre/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, type FormInstance } from 'antd';
import { call } from '../../api/client';
import { zh } from '../../i18n/zh-CN';
import { accountKind } from './account';
import { useCountdown } from './use-countdown';

/**
 * Sends a verification code to the phone or email typed in the form's `account` field, then
 * counts down (60 s, or what the server says) before it can send again.
 */
export function SendCodeButton({ form, purpose }: { form: FormInstance; purpose: 'register' | 'reset_password' }) {
  const { message } = App.useApp();
  const [left, start] = useCountdown();
  const send = useMutation({
    mutationFn: async (account: string) =>
      accountKind(account) === 'phone'
        ? call(userCalls.smsSendCode, { phone: account, purpose })
        : call(userCalls.emailSendCode, { email: account, purpose }),
    onSuccess: (res, account) => {
      start(res.resend_after || CODE_RULES.resendSeconds);
      void message.success(zh.login.codeSent(account));
    },
  });
  const onClick = async () => {
    const values: unknown = await form.validateFields(['account']).catch(() => null);
    const account =
      values && typeof values === 'object' && 'account' in values && typeof values.account === 'string'
        ? values.account.trim()
        : '';
    if (account) send.mutate(account);
  };
  // Fire and forget: a refused field shows its own message and the mutation reports its own errors.
  return (
    <Button
      size="large"
      onClick={() => void onClick()}
      disabled={left > 0}
      loading={send.isPending}
      style={{ minWidth: '8em' }}
    >
      {left > 0 ? zh.login.resendIn(left) : zh.login.sendCode}
    </Button>
  );
}
