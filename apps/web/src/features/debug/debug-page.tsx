import { CopyOutlined } from '@ant-design/icons';
import { API_VERSION, systemCalls, type CallResponse } from '@gre/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, List, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { call } from '../../api/client';
import { debugInfoQuery } from '../../api/queries';
import { getDeviceId } from '../../api/storage';
import { shanghaiDateTime } from '../../components/format';
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

/** One line of the support block: shown in the table and copied as `label: text`. */
interface DebugLine {
  key: string;
  label: string;
  text: string;
  node?: ReactNode;
}

type Info = CallResponse<typeof systemCalls.debugInfo>;

/** Copies through the async clipboard where the page may, else through a selected textarea (plain http, older browsers). */
async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const done = document.execCommand('copy');
  area.remove();
  if (!done) throw new Error('copy refused');
}

const onOff = (v: boolean) => (v ? g.on : g.off);

/** Every line of the block, in the order shown; the copy is the same lines as text. */
export function debugLines(d: Info | undefined, token: string | null): DebugLine[] {
  const tokenState = !token ? g.tokenNone : d?.user_id ? g.tokenValid(d.user_id) : d ? g.tokenInvalid : '—';
  const ends = d?.session_ends_at
    ? `${shanghaiDateTime(Date.parse(d.session_ends_at) / 1000)} ${g.tokenEndsHelp}`
    : '—';
  const migration = siteConfig.oldHosts.length ? g.flagMigrationOn(siteConfig.oldHosts.join(', ')) : g.flagMigrationOff;
  const webFlags: [string, string][] = [
    [g.flagBuildMode, import.meta.env.MODE],
    [g.flagMigration, migration],
  ];
  const serverFlags: [string, string][] = d
    ? [
        [g.flagProduction, onOff(d.production)],
        [g.serverFlags.maintenance, onOff(d.flags.maintenance)],
        [g.serverFlags.fast_paths, onOff(d.flags.fast_paths)],
        [g.serverFlags.debug_clock, onOff(d.flags.debug_clock)],
        [g.serverFlags.jobs, onOff(d.flags.jobs)],
        [g.serverFlags.rate_limits, g.rateLimits[d.flags.rate_limits] ?? d.flags.rate_limits],
        [g.serverFlags.pay_provider, d.flags.pay_provider],
        [g.serverFlags.mail_provider, d.flags.mail_provider],
        [g.serverFlags.sms_provider, d.flags.sms_provider],
      ]
    : [];
  const flags = [...webFlags, ...serverFlags];
  return [
    { key: 'web', label: g.webVersion, text: APP_VERSION },
    { key: 'api', label: g.apiVersion, text: String(API_VERSION) },
    { key: 'server', label: g.serverVersion, text: d?.server_version ?? '—' },
    { key: 'serverApi', label: g.serverApiVersion, text: d ? String(d.api_version) : '—' },
    { key: 'minApi', label: g.minApiVersion, text: d ? String(d.min_api_version) : '—' },
    {
      key: 'device',
      label: g.deviceId,
      text: getDeviceId(),
      node: (
        <Typography.Text code copyable>
          {getDeviceId()}
        </Typography.Text>
      ),
    },
    { key: 'token', label: g.token, text: tokenState },
    { key: 'tokenEnds', label: g.tokenEnds, text: ends },
    { key: 'database', label: g.database, text: d ? (g.databases[d.database] ?? d.database) : '—' },
    {
      key: 'flags',
      label: g.flags,
      text: flags.map(([k, v]) => `${k} ${v}`).join('；'),
      node: (
        <Space wrap size={[layout.gutter / 2, layout.gutter / 4]}>
          {flags.map(([k, v]) => (
            <span key={k}>
              {k} <Tag>{v}</Tag>
            </span>
          ))}
        </Space>
      ),
    },
  ];
}

/** /debug (for support): versions, device id, token state and expiry, database, flags — copied as one block — and recent codes outside production. */
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
  const lines = debugLines(d, token);
  const copyAll = () =>
    copyText(`${g.title}\n${lines.map((l) => `${l.label}: ${l.text}`).join('\n')}`).then(
      () => void message.success(g.copied),
      () => void message.error(g.copyFailed),
    );

  return (
    <Space orientation="vertical" size={layout.gutter} style={{ width: '100%' }}>
      <Card
        title={g.title}
        extra={
          <Space wrap>
            <Button icon={<CopyOutlined />} onClick={() => void copyAll()} disabled={info.isPending}>
              {g.copyAll}
            </Button>
            <Button type="primary" onClick={() => echo.mutate()} loading={echo.isPending}>
              {g.echo}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{g.intro}</Typography.Paragraph>
        {info.isPending ? (
          <PageSkeleton rows={8} />
        ) : (
          <Descriptions
            bordered
            size="small"
            column={1}
            layout={phone ? 'vertical' : 'horizontal'}
            styles={{ label: { whiteSpace: 'nowrap' } }}
          >
            {lines.map((l) => (
              <Descriptions.Item key={l.key} label={l.label}>
                {l.node ?? l.text}
              </Descriptions.Item>
            ))}
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
