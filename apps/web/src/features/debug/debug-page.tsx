import { API_VERSION, systemCalls } from '@gre/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, List, Space, Table, Tag, Typography } from 'antd';
import { call } from '../../api/client';
import { debugInfoQuery } from '../../api/queries';
import { getDeviceId } from '../../api/storage';
import { PageSkeleton } from '../../components/page-skeleton';
import { useIsPhone } from '../../components/use-is-phone';
import { APP_VERSION, siteConfig } from '../../config';
import { zh } from '../../i18n/zh-CN';
import { layout } from '../../theme';
import { useToken } from '../auth';

const g = zh.debug;

type SentCode = { target: string; code: string; purpose: string; sent_at: string };

function RecentCodes({ codes }: { codes: SentCode[] }) {
  const phone = useIsPhone();
  const purpose = (p: string) => g.purposes[p] ?? p;
  const time = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });
  if (phone) {
    return (
      <List<SentCode>
        dataSource={codes}
        locale={{ emptyText: g.codesEmpty }}
        renderItem={(c) => (
          <List.Item>
            <List.Item.Meta
              title={
                <Typography.Text code copyable>
                  {c.code}
                </Typography.Text>
              }
              description={`${c.target} · ${purpose(c.purpose)} · ${time(c.sent_at)}`}
            />
          </List.Item>
        )}
      />
    );
  }
  return (
    <Table<SentCode>
      size="small"
      pagination={false}
      rowKey={(c) => `${c.target}-${c.sent_at}`}
      dataSource={codes}
      locale={{ emptyText: g.codesEmpty }}
      columns={[
        { key: 'target', title: g.codeColumns.target, dataIndex: 'target' },
        {
          key: 'code',
          title: g.codeColumns.code,
          dataIndex: 'code',
          render: (v: string) => (
            <Typography.Text code copyable>
              {v}
            </Typography.Text>
          ),
        },
        { key: 'purpose', title: g.codeColumns.purpose, dataIndex: 'purpose', render: purpose },
        { key: 'sent_at', title: g.codeColumns.sentAt, dataIndex: 'sent_at', render: time },
      ]}
    />
  );
}

/** /debug (for support): versions, device id, token state, database, flags, recent codes outside production. */
export function DebugPage() {
  const phone = useIsPhone();
  const { message } = App.useApp();
  const token = useToken();
  const info = useQuery(debugInfoQuery);
  const echo = useMutation({
    mutationFn: async () => {
      const started = performance.now();
      await call(systemCalls.echo, { text: g.echoText });
      return Math.round(performance.now() - started);
    },
    onSuccess: (ms) => void message.success(g.echoOk(ms)),
  });

  const d = info.data;
  const tokenState = !token ? g.tokenNone : d?.user_id ? g.tokenValid(d.user_id) : g.tokenInvalid;
  const yesNo = (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? zh.common.yes : zh.common.no}</Tag>;

  return (
    <Space orientation="vertical" size={layout.gutter} style={{ width: '100%' }}>
      <Card
        title={g.title}
        extra={
          <Button type="primary" onClick={() => echo.mutate()} loading={echo.isPending}>
            {g.echo}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{g.intro}</Typography.Paragraph>
        {info.isPending ? (
          <PageSkeleton rows={8} />
        ) : (
          <Descriptions bordered size="small" column={1} layout={phone ? 'vertical' : 'horizontal'}>
            <Descriptions.Item label={g.webVersion}>{APP_VERSION}</Descriptions.Item>
            <Descriptions.Item label={g.apiVersion}>{API_VERSION}</Descriptions.Item>
            <Descriptions.Item label={g.serverVersion}>{d?.server_version ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={g.serverApiVersion}>{d?.api_version ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={g.minApiVersion}>{d?.min_api_version ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={g.deviceId}>
              <Typography.Text code copyable>
                {getDeviceId()}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={g.token}>{d || !token ? tokenState : '—'}</Descriptions.Item>
            <Descriptions.Item label={g.database}>
              {d ? (g.databases[d.database] ?? d.database) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={g.flags}>
              <Space wrap>
                <span>
                  {g.flagProduction} {d ? yesNo(d.production) : '—'}
                </span>
                <span>
                  {g.flagBuildMode} <Tag>{import.meta.env.MODE}</Tag>
                </span>
                <span>
                  {g.flagMigration}{' '}
                  <Tag>
                    {siteConfig.oldHosts.length
                      ? g.flagMigrationOn(siteConfig.oldHosts.join(', '))
                      : g.flagMigrationOff}
                  </Tag>
                </span>
              </Space>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {d && !d.production && (
        <Card title={g.codes}>
          <RecentCodes codes={d.recent_codes} />
        </Card>
      )}
    </Space>
  );
}
