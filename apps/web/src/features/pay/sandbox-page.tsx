import { payCalls } from '@gre/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { useParams } from 'react-router';
import { ApiError, call } from '../../api/client';
import { formatFen, shanghaiDateTime } from '../../components/format';
import { zh } from '../../i18n/zh-CN';
import { layout, palette } from '../../theme';

const s = zh.pay.sandbox;

type Outcome = 'paid' | 'cancelled' | 'closed';

/** What the page says once the order is no longer waiting: our own cancel reads '已取消', anything else closed it. */
function outcomeOf(status: 'WaitPay' | 'Paid' | 'Closed', cancelled: boolean): Outcome | null {
  if (status === 'Paid') return 'paid';
  if (status === 'Closed') return cancelled ? 'cancelled' : 'closed';
  return null;
}

function Outcome({ outcome }: { outcome: Outcome }) {
  const title = outcome === 'paid' ? s.paid : outcome === 'cancelled' ? s.cancelled : s.closed;
  return <Result status={outcome === 'paid' ? 'success' : 'info'} title={title} />;
}

/**
 * /pay/sandbox/:order, the sandbox gateway's order page (product.md "Payment": what the sandbox QR code opens). Public
 * and chrome-less: the payer is usually a phone that scanned the code and is not logged in. It says plainly that no
 * real money moves, shows the order, and pays or cancels it; the gateway then notifies the app, whose dialog
 * (polling) shows the result on the other screen.
 */
export function SandboxPayPage() {
  const { order = '' } = useParams();
  const detail = useQuery({
    queryKey: ['pay', 'sandbox', order],
    queryFn: () => call(payCalls.sandboxGet, { order }),
    enabled: order !== '',
    // Shown on the page itself: a toast on top of "order not found" would say it twice.
    meta: { handlesErrors: true },
  });
  const act = useMutation({
    mutationFn: (action: 'pay' | 'cancel') => call(payCalls.sandboxAct, { order, action }),
  });

  const status = act.data?.status ?? detail.data?.status;
  const outcome = status ? outcomeOf(status, act.variables === 'cancel' && act.isSuccess) : null;

  let body;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.kind === 'not_found';
    body = <Result status={missing ? '404' : 'warning'} title={missing ? s.notFound : s.loadFailed} />;
  } else if (!detail.data) {
    body = <Skeleton active />;
  } else {
    const o = detail.data;
    body = (
      <>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={s.order}>{o.title}</Descriptions.Item>
          <Descriptions.Item label={s.amount}>
            <Typography.Text strong>{formatFen(o.amount)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={s.orderNo}>
            <Typography.Text code>{o.order}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={s.expires}>{shanghaiDateTime(o.expire_stamp)}</Descriptions.Item>
        </Descriptions>
        {outcome ? (
          <Outcome outcome={outcome} />
        ) : (
          <Space orientation="vertical" style={{ width: '100%', marginTop: layout.gutterLarge }} size={layout.gutter}>
            <Button
              type="primary"
              size="large"
              block
              loading={act.isPending && act.variables === 'pay'}
              disabled={act.isPending}
              onClick={() => act.mutate('pay')}
            >
              {s.pay}
            </Button>
            <Button
              size="large"
              block
              loading={act.isPending && act.variables === 'cancel'}
              disabled={act.isPending}
              onClick={() => act.mutate('cancel')}
            >
              {s.cancel}
            </Button>
          </Space>
        )}
      </>
    );
  }

  return (
    <main style={{ minHeight: '100vh', background: palette.layoutBg, padding: layout.gutter }}>
      <Card style={{ maxWidth: layout.dialogNarrow, margin: '0 auto' }}>
        <Typography.Title level={1} style={{ marginTop: 0 }}>
          {s.title}
        </Typography.Title>
        <Alert type="warning" showIcon title={s.note} style={{ marginBottom: layout.gutter }} />
        {body}
      </Card>
    </main>
  );
}
