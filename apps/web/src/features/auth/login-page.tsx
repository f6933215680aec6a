import { QuestionCircleOutlined } from '@ant-design/icons';
import type { User } from '@gre/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Tabs, Typography } from 'antd';
import { Navigate, useLoaderData, useNavigate } from 'react-router';
import { zh } from '../../i18n/zh-CN';
import { openDialog } from '../../state/ui';
import { layout, palette } from '../../theme';
import { LoginForm, RegisterForm, ResetForm, type OnSession } from './auth-forms';
import { completeLogin } from './session';

const l = zh.login;

/**
 * /login: tabs 登录 / 注册 / 找回密码, the login hint, and the agreement link. Someone already logged in (the route's
 * loader found a user for the saved token) has nothing to do here and goes home.
 */
export function LoginPage() {
  const loaded = useLoaderData<{ user: User | null } | undefined>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  if (loaded?.user) return <Navigate to="/home" replace />;
  const onSession: OnSession = (session) => {
    completeLogin(queryClient, session);
    void message.success(l.success);
    void navigate('/');
  };
  return (
    <main
      style={{
        minHeight: '100vh',
        background: palette.layoutBg,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: layout.gutter,
      }}
    >
      <div style={{ width: '100%', maxWidth: layout.dialogNarrow - layout.gutterLarge * 2 }}>
        <header style={{ textAlign: 'center', marginBottom: layout.gutterLarge }}>
          <img src="/favicon.svg" alt="" width={layout.brandLogo * 2} height={layout.brandLogo * 2} />
          <Typography.Title level={1} style={{ marginBottom: 0 }}>
            {l.title}
          </Typography.Title>
          <Typography.Text type="secondary">{l.subtitle}</Typography.Text>
        </header>
        <Card>
          <Tabs
            centered
            size="large"
            items={[
              { key: 'login', label: l.tabs.login, children: <LoginForm onSession={onSession} /> },
              { key: 'register', label: l.tabs.register, children: <RegisterForm onSession={onSession} /> },
              { key: 'reset', label: l.tabs.reset, children: <ResetForm onSession={onSession} /> },
            ]}
          />
          <div style={{ textAlign: 'center' }}>
            <Button type="link" icon={<QuestionCircleOutlined />} onClick={() => openDialog({ kind: 'login_hint' })}>
              {l.hintLink}
            </Button>
          </div>
        </Card>
      </div>
    </main>
  );
}
