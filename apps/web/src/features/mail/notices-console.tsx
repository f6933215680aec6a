import {
  mailCalls,
  mailLinkSchema,
  MAIL_SUBJECT_MAX,
  NOTICE_CONTENT_MAX,
  NOTICE_USERS_MAX,
  ROLE_KINDS,
  ROLE_NAMES,
  type CallRequest,
  type NoticeAudience,
  type RoleKind,
} from '@gre/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Radio, Select } from 'antd';
import { call } from '../../api/client';
import { zh } from '../../i18n/zh-CN';
import { mailKeys } from './mail-queries';
import { audienceText, SentNotices } from './sent-notices';
import { noticeHtml, parseUserIds } from './notice-draft';
import './mail.css';

const c = zh.mail.console;
const f = c.form;

interface Draft {
  subject: string;
  content: string;
  link?: string;
  kind: NoticeAudience['kind'];
  roles?: RoleKind[];
  users?: string;
}

type SendBody = CallRequest<typeof mailCalls.sendNotice>;

/** The send_notice body of a validated draft. */
export function sendBody(d: Draft): SendBody {
  const link = d.link?.trim() ? d.link.trim() : null;
  const audience: NoticeAudience =
    d.kind === 'all'
      ? { kind: 'all' }
      : d.kind === 'role'
        ? { kind: 'role', roles: ROLE_KINDS.filter((r) => d.roles?.includes(r)) }
        : { kind: 'users', user_ids: (parseUserIds(d.users ?? '') as { ids: number[] }).ids };
  return { subject: d.subject.trim(), content: noticeHtml(d.content), link, audience };
}

const usersRule = {
  validator: (_: unknown, value: string | undefined) => {
    const parsed = parseUserIds(value ?? '');
    if (parsed.ok) return Promise.resolve();
    const message =
      parsed.problem === 'empty'
        ? f.usersRequired
        : parsed.problem === 'invalid'
          ? f.usersInvalid(parsed.bad)
          : f.usersTooMany(NOTICE_USERS_MAX);
    return Promise.reject(new Error(message));
  },
};

const linkRule = {
  validator: (_: unknown, value: string | undefined) =>
    !value?.trim() || mailLinkSchema.safeParse(value.trim()).success
      ? Promise.resolve()
      : Promise.reject(new Error(f.linkInvalid)),
};

const contentRule = {
  validator: (_: unknown, value: string | undefined) =>
    noticeHtml(value ?? '').length <= NOTICE_CONTENT_MAX
      ? Promise.resolve()
      : Promise.reject(new Error(f.contentTooLong(NOTICE_CONTENT_MAX))),
};

function SendForm() {
  const [form] = Form.useForm<Draft>();
  const kind = Form.useWatch('kind', form);
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (body: SendBody) => call(mailCalls.sendNotice, body),
    onSuccess: async () => {
      void message.success(f.sent);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: mailKeys.noticeLists });
    },
  });

  const confirm = (draft: Draft) => {
    const body = sendBody(draft);
    modal.confirm({
      title: c.confirm.title,
      content: (
        <div className="gm-notice-row">
          <span>{c.confirm.subject(body.subject)}</span>
          <strong>
            {c.confirm.audience}
            {audienceText(body.audience)}
          </strong>
          <span>{c.confirm.irreversible}</span>
        </div>
      ),
      okText: c.confirm.ok,
      cancelText: zh.common.cancel,
      onOk: () => send.mutateAsync(body),
    });
  };

  return (
    <Card title={f.title}>
      <Form form={form} layout="vertical" initialValues={{ kind: 'all', roles: [] }} onFinish={confirm}>
        <Form.Item
          name="subject"
          label={f.subject}
          rules={[{ required: true, whitespace: true, message: f.subjectRequired }]}
        >
          <Input maxLength={MAIL_SUBJECT_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="content"
          label={f.content}
          extra={f.contentHint}
          rules={[{ required: true, whitespace: true, message: f.contentRequired }, contentRule]}
        >
          <Input.TextArea autoSize={{ minRows: 5, maxRows: 16 }} maxLength={NOTICE_CONTENT_MAX} />
        </Form.Item>
        <Form.Item name="link" label={f.link} extra={f.linkHint} rules={[linkRule]}>
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="kind" label={f.audience}>
          <Radio.Group
            options={(['all', 'role', 'users'] as const).map((k) => ({ value: k, label: f.audienceKinds[k] }))}
          />
        </Form.Item>
        {kind === 'role' && (
          <Form.Item
            name="roles"
            label={f.roles}
            rules={[{ required: true, type: 'array', min: 1, message: f.rolesRequired }]}
          >
            <Select
              mode="multiple"
              aria-label={f.roles}
              options={ROLE_KINDS.map((r) => ({ value: r, label: ROLE_NAMES[r] }))}
            />
          </Form.Item>
        )}
        {kind === 'users' && (
          <Form.Item name="users" label={f.users} extra={f.usersHint(NOTICE_USERS_MAX)} rules={[usersRule]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={NOTICE_USERS_MAX * 17} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          {f.submit}
        </Button>
      </Form>
    </Card>
  );
}

/** 站内通知 for operators (a tab of /operate): write a notice to all, to roles or to named users; the notices sent. */
export function NoticesConsole() {
  return (
    <div className="gm-page">
      <SendForm />
      <SentNotices />
    </div>
  );
}
