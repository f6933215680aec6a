import {
  codeCalls,
  DISCOUNT_CODE_MAX,
  MAX_PRICE_FEN,
  MIN_PRICE_FEN,
  type CallRequest,
  type DiscountCode,
} from '@gre/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, InputNumber, Popconfirm, Radio, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../api/client';
import { fenToYuan, yuanToFen } from '../../components/format';
import { zh } from '../../i18n/zh-CN';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { layout } from '../../theme';
import { AdminList } from './admin-list';
import { CodeCard, usesText, windowText } from './code-card';
import { useOpCheck } from './op-check';

const a = zh.pay.admin;
const f = a.form;
const codesKey = ['admin', 'codes'] as const;
/**
 * Rows per page of `/api/code/list`: the contract takes a page number and answers a page of items with the total, but
 * does not say how many make a page. The table shows what the server sends; this only numbers the pager.
 */
const CODES_PAGE_SIZE = 20;
const CODE_PATTERN = new RegExp(`^[A-Za-z0-9-]{4,${DISCOUNT_CODE_MAX}}$`);

interface CreateValues {
  code: string;
  name: string;
  kind: 'fixed' | 'percent';
  /** Yuan off (fixed) or whole percent off (percent). */
  value: number;
  window: [Dayjs, Dayjs];
  max_uses: number;
}

/** The form's values as the create call takes them: yuan to fen, the window to Unix seconds. */
export function createRequest(v: CreateValues): Omit<CallRequest<typeof codeCalls.create>, 'op_code'> {
  return {
    code: v.code.trim(),
    name: v.name.trim(),
    kind: v.kind,
    value: v.kind === 'fixed' ? yuanToFen(v.value) : v.value,
    start_stamp: v.window[0].unix(),
    end_stamp: v.window[1].unix(),
    max_uses: v.max_uses,
  };
}

function CreateCodeForm() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const kind = Form.useWatch('kind', form) ?? 'fixed';
  const { ask, dialog } = useOpCheck();
  const create = (v: CreateValues) => {
    const request = createRequest(v);
    ask({
      action: adminCopy.codes.createAction,
      summary: adminCopy.codes.createSummary(request.code, request.name, request.max_uses),
      run: (op_code) => call(codeCalls.create, { ...request, op_code }),
      onDone: () => {
        form.resetFields();
        void queryClient.invalidateQueries({ queryKey: codesKey });
        void message.success(a.created);
      },
    });
  };
  return (
    <Form<CreateValues>
      form={form}
      layout="vertical"
      initialValues={{ kind: 'fixed', max_uses: 100 }}
      onFinish={create}
      style={{ maxWidth: layout.dialogNarrow }}
    >
      <Form.Item
        name="code"
        label={f.code}
        extra={f.codeHelp}
        rules={[{ required: true, pattern: CODE_PATTERN, message: f.codeRule }]}
      >
        <Input maxLength={DISCOUNT_CODE_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="name"
        label={f.name}
        extra={f.nameHelp}
        rules={[{ required: true, whitespace: true, max: 32, message: f.nameRule }]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="kind" label={f.kind}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'fixed', label: f.fixed },
            { value: 'percent', label: f.percent },
          ]}
          onChange={() => form.setFieldValue('value', undefined)}
        />
      </Form.Item>
      <Form.Item
        name="value"
        label={kind === 'fixed' ? f.fixedValue : f.percentValue}
        rules={[{ required: true, message: f.valueRule }]}
      >
        {kind === 'fixed' ? (
          <InputNumber prefix="¥" min={fenToYuan(MIN_PRICE_FEN)} max={fenToYuan(MAX_PRICE_FEN)} precision={2} />
        ) : (
          <InputNumber suffix="%" min={1} max={99} precision={0} />
        )}
      </Form.Item>
      <Form.Item name="window" label={f.window} rules={[{ required: true, message: f.windowRule }]}>
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
      <Form.Item name="max_uses" label={f.maxUses} rules={[{ required: true, message: f.maxUsesRule }]}>
        <InputNumber min={1} max={1_000_000} precision={0} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {a.create}
      </Button>
      {dialog}
    </Form>
  );
}

/** /web_manage: every discount code with its uses, withdrawing one (作废), and creating one. */
export function DiscountCodes() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...codesKey, page],
    queryFn: () => call(codeCalls.list, { page }),
    placeholderData: keepPreviousData,
  });
  const markInvalid = useMutation({
    mutationFn: (id: number) => call(codeCalls.markInvalid, { id }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: codesKey });
      void message.success(a.markedInvalid);
    },
  });

  const c = a.columns;
  const state = (r: DiscountCode) =>
    r.invalid ? <Tag color="red">{a.invalid}</Tag> : <Tag color="green">{a.valid}</Tag>;
  const withdraw = (r: DiscountCode) => (
    <Popconfirm
      title={a.markInvalidConfirm}
      okText={zh.common.confirm}
      cancelText={zh.common.cancel}
      onConfirm={() => markInvalid.mutate(r.id)}
      disabled={r.invalid}
    >
      <Button
        size="small"
        danger
        disabled={r.invalid}
        loading={markInvalid.isPending && markInvalid.variables === r.id}
      >
        {a.markInvalid}
      </Button>
    </Popconfirm>
  );
  return (
    <>
      <AdminList<DiscountCode>
        list={list}
        total={list.data?.total ?? 0}
        page={page}
        onPage={setPage}
        pageSize={CODES_PAGE_SIZE}
        loadFailed={a.codesLoadFailed}
        renderCard={(r) => (
          <CodeCard
            face={{ ...r, detail: r.info, limit: r.max_uses }}
            state={state(r)}
            usedLabel={c.used}
            actions={[<span key="withdraw">{withdraw(r)}</span>]}
          />
        )}
        columns={[
          { key: 'code', title: c.code, render: (_, r) => <Typography.Text code>{r.code}</Typography.Text> },
          { key: 'name', title: c.name, dataIndex: 'name' },
          { key: 'info', title: c.info, dataIndex: 'info' },
          { key: 'window', title: c.window, render: (_, r) => windowText(r) },
          { key: 'used', title: c.used, render: (_, r) => usesText(r.used, r.max_uses) },
          { key: 'state', title: c.state, render: (_, r) => state(r) },
          { key: 'action', title: c.action, render: (_, r) => withdraw(r) },
        ]}
      />
      <Space orientation="vertical" style={{ width: '100%', marginTop: layout.gutterLarge }}>
        <Typography.Title level={5}>{a.create}</Typography.Title>
        <CreateCodeForm />
      </Space>
    </>
  );
}
