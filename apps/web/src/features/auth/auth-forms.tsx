import { userCalls, type User } from '@gre/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Space } from 'antd';
import { Link } from 'react-router';
import { call } from '../../api/client';
import { zh } from '../../i18n/zh-CN';
import { rules } from './account';
import { SendCodeButton } from './send-code-button';

const l = zh.login;

export type OnSession = (session: { token: string; user: User }) => void;

interface LoginValues {
  account: string;
  password: string;
}
interface CodeValues extends LoginValues {
  code: string;
  name?: string;
  agree?: boolean;
}

const accountItem = (
  <Form.Item name="account" label={l.account} rules={rules.account}>
    <Input size="large" autoComplete="username" placeholder={l.accountPlaceholder} inputMode="email" />
  </Form.Item>
);

function CodeItem({
  form,
  purpose,
}: {
  form: ReturnType<typeof Form.useForm<CodeValues>>[0];
  purpose: 'register' | 'reset_password';
}) {
  return (
    <Form.Item label={l.code} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="code" noStyle rules={rules.code}>
          <Input
            size="large"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={l.codePlaceholder}
            aria-label={l.code}
          />
        </Form.Item>
        <SendCodeButton form={form} purpose={purpose} />
      </Space.Compact>
    </Form.Item>
  );
}

/** Phone or email + password. */
export function LoginForm({ onSession }: { onSession: OnSession }) {
  const login = useMutation({
    mutationFn: (v: LoginValues) => call(userCalls.login, { account: v.account.trim(), password: v.password }),
    onSuccess: onSession,
  });
  return (
    <Form<LoginValues>
      name="login"
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => login.mutate(v)}
      aria-label={l.tabs.login}
    >
      {accountItem}
      <Form.Item name="password" label={l.password} rules={rules.loginPassword}>
        <Input.Password size="large" autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
        {l.submitLogin}
      </Button>
    </Form>
  );
}

/** Phone or email + code + password (+ optional nickname), after agreeing to the user agreement. */
export function RegisterForm({ onSession }: { onSession: OnSession }) {
  const [form] = Form.useForm<CodeValues>();
  const register = useMutation({
    mutationFn: (v: CodeValues) =>
      call(userCalls.register, {
        account: v.account.trim(),
        code: v.code,
        password: v.password,
        ...(v.name?.trim() ? { name: v.name.trim() } : {}),
      }),
    onSuccess: onSession,
  });
  return (
    <Form<CodeValues>
      name="register"
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => register.mutate(v)}
      aria-label={l.tabs.register}
    >
      {accountItem}
      <CodeItem form={form} purpose="register" />
      <Form.Item name="password" label={l.password} rules={rules.newPassword}>
        <Input.Password size="large" autoComplete="new-password" placeholder={l.passwordPlaceholder} />
      </Form.Item>
      <Form.Item name="name" label={l.name} rules={rules.name}>
        <Input size="large" autoComplete="nickname" placeholder={l.namePlaceholder} />
      </Form.Item>
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[
          {
            validator: async (_, v: boolean | undefined) => (v ? undefined : Promise.reject(new Error(l.rules.agree))),
          },
        ]}
      >
        <Checkbox>
          {l.agreePrefix}
          <Link to="/agreement" target="_blank">
            {l.agreementLink}
          </Link>
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={register.isPending}>
        {l.submitRegister}
      </Button>
    </Form>
  );
}

/** Phone or email + code + new password; the server ends every other session. */
export function ResetForm({ onSession }: { onSession: OnSession }) {
  const [form] = Form.useForm<CodeValues>();
  const reset = useMutation({
    mutationFn: (v: CodeValues) =>
      call(userCalls.resetPassword, { account: v.account.trim(), code: v.code, password: v.password }),
    onSuccess: onSession,
  });
  return (
    <Form<CodeValues>
      name="reset"
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => reset.mutate(v)}
      aria-label={l.tabs.reset}
    >
      {accountItem}
      <CodeItem form={form} purpose="reset_password" />
      <Form.Item name="password" label={l.newPassword} rules={rules.newPassword}>
        <Input.Password size="large" autoComplete="new-password" placeholder={l.passwordPlaceholder} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
        {l.submitReset}
      </Button>
    </Form>
  );
}
