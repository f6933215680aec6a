import { GiftOutlined } from '@ant-design/icons';
import { ROLE_NAMES, voucherCalls, voucherCodeSchema, type CallResponse } from '@gre/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, call } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { reportError } from '../../api/query-client';
import { PageIntro } from '../../components/page-intro';
import { voucherCopy } from '../../i18n/zh-CN.voucher';
import { layout } from '../../theme';
import './voucher.css';

const v = voucherCopy;
type Redeemed = CallResponse<typeof voucherCalls.redeem>;

/** Refusals the page explains under the code; every other kind (token expired, upgrading…) goes to the catalogue. */
const INLINE_KINDS = new Set(Object.keys(v.refused));

/** What the code is wrong with before it is sent, or null when it may be sent. */
export function codeProblem(code: string): string | null {
  if (code.trim() === '') return v.empty;
  return voucherCodeSchema.safeParse(code.trim()).success ? null : v.format;
}

/** The success card: what the voucher granted and where the learner stands now. */
function Granted({ result, onAgain }: { result: Redeemed; onAgain: () => void }) {
  const { voucher, user } = result;
  const tier = voucher.grant_kind === 'tier' && voucher.role_kind && voucher.days;
  return (
    <Result
      status="success"
      title={v.success}
      subTitle={
        <Space orientation="vertical" size={4}>
          <Typography.Text strong>
            {voucher.name}（{voucher.code}）
          </Typography.Text>
          <Typography.Text>
            {tier ? v.grantedTier(ROLE_NAMES[voucher.role_kind!], voucher.days!) : v.grantedCoins(voucher.coins ?? 0)}
          </Typography.Text>
          <Typography.Text type="secondary">
            {tier
              ? v.nowRole(user.authority.role_name, user.authority.expire_date)
              : v.nowCoins(user.authority.flash_coins)}
          </Typography.Text>
        </Space>
      }
      extra={[
        <Button key="again" onClick={onAgain}>
          {v.again}
        </Button>,
        tier ? (
          <Link key="home" to="/">
            <Button type="primary">{v.home}</Button>
          </Link>
        ) : (
          <Link key="word" to="/word">
            <Button type="primary">{v.word}</Button>
          </Link>
        ),
      ]}
    />
  );
}

/**
 * `/voucher` (spec page source Voucher): a learner types a code and redeems it; the answer says what it granted and
 * carries the learner as they are now, which replaces the cached user so the role and coins show everywhere at once.
 */
export function VoucherPage() {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const redeem = useMutation({
    mutationFn: (text: string) => call(voucherCalls.redeem, { code: text }),
    meta: { handlesErrors: true },
    onMutate: () => setProblem(null),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.currentUser, result.user);
      setCode('');
    },
    onError: (err) => {
      if (err instanceof ApiError && INLINE_KINDS.has(err.kind)) return setProblem(err.show || v.refused[err.kind]!);
      reportError(err);
    },
  });

  const submit = () => {
    const found = codeProblem(code);
    if (found) return setProblem(found);
    redeem.mutate(code.trim());
  };

  return (
    <>
      <PageIntro title={v.title} intro={v.intro} />
      <Card style={{ maxWidth: 640 }}>
        {redeem.data ? (
          <Granted result={redeem.data} onAgain={() => redeem.reset()} />
        ) : (
          <Form layout="vertical" component="div">
            <Form.Item
              label={v.code}
              validateStatus={problem ? 'error' : undefined}
              help={problem ?? undefined}
              style={{ marginBottom: layout.gutter }}
            >
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  aria-label={v.code}
                  prefix={<GiftOutlined />}
                  placeholder={v.placeholder}
                  value={code}
                  maxLength={32}
                  autoComplete="off"
                  autoFocus
                  size="large"
                  onChange={(e) => {
                    setCode(e.target.value.toUpperCase());
                    if (problem) setProblem(null);
                  }}
                  onPressEnter={submit}
                />
                <Button type="primary" size="large" onClick={submit} loading={redeem.isPending}>
                  {v.redeem}
                </Button>
              </Space.Compact>
            </Form.Item>
            <ul className="gv-rules">
              {v.rules.map((rule) => (
                <li key={rule}>
                  <Typography.Text type="secondary">{rule}</Typography.Text>
                </li>
              ))}
            </ul>
          </Form>
        )}
      </Card>
    </>
  );
}
