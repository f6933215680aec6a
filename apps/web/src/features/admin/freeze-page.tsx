import type { AdminUser } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Input, List, Result, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PageIntro } from '../../components/page-intro';
import { PageSkeleton } from '../../components/page-skeleton';
import { coreCopy } from '../../i18n/zh-CN.core';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { useCurrentUser } from '../auth';
import { AdminForbidden } from './admin-forbidden';
import { usersQuery } from './admin-queries';
import { ReasonInput, useFreeze, type FreezeResult } from './freeze-control';
import { useOpCheck } from './op-check';
import { roleLine } from './users-tab';
import './admin.css';

const f = adminCopy.freeze;
type Mode = 'freeze' | 'unfreeze';

const contact = (u: AdminUser) => [u.phone, u.email].filter(Boolean).join(' / ') || '—';

/** Users to pick from: by what was typed, only those this page can act on (active ones to freeze, frozen to unfreeze). */
function FindUser({ mode, selfId, onPick }: { mode: Mode; selfId: number; onPick: (u: AdminUser) => void }) {
  const [query, setQuery] = useState('');
  const [text, setText] = useState('');
  // /unfreeze lists every frozen account straight away; /freeze waits for a search.
  const enabled = mode === 'unfreeze' || query !== '';
  const found = useQuery({ ...usersQuery({ query, frozen: mode === 'unfreeze', page: 1 }), enabled });
  const items = (found.data?.items ?? []).filter((u) => u.id !== selfId);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.Search
        aria-label={f.find}
        placeholder={f.findPlaceholder}
        enterButton={f.find}
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(q) => setQuery(q.trim())}
      />
      {mode === 'unfreeze' && <Typography.Text type="secondary">{f.onlyFrozen}</Typography.Text>}
      {enabled &&
        (found.isError ? (
          <Result
            status="warning"
            subTitle={adminCopy.users.loadFailed}
            extra={<Button onClick={() => void found.refetch()}>{coreCopy.common.retry}</Button>}
          />
        ) : (
          <List<AdminUser>
            loading={found.isPending}
            dataSource={items}
            locale={{ emptyText: <Empty description={f.findEmpty} /> }}
            renderItem={(u) => (
              <List.Item
                actions={[
                  <Button key="pick" onClick={() => onPick(u)} aria-label={`${f.pick} ${u.name}`}>
                    {f.pick}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space wrap size={4}>
                      <span>{u.name}</span>
                      <Typography.Text type="secondary">ID {u.id}</Typography.Text>
                      {u.is_freeze && <Tag color="red">{adminCopy.users.frozen}</Tag>}
                    </Space>
                  }
                  description={`${contact(u)} · ${roleLine(u)}`}
                />
              </List.Item>
            )}
          />
        ))}
    </Space>
  );
}

function Picked({
  user,
  mode,
  onBack,
  onDone,
}: {
  user: AdminUser;
  mode: Mode;
  onBack: () => void;
  onDone: (r: FreezeResult) => void;
}) {
  const { ask, dialog } = useOpCheck();
  const run = useFreeze(ask);
  const [reason, setReason] = useState('');
  const wrongState = mode === 'freeze' ? user.is_freeze : !user.is_freeze;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Descriptions size="small" column={1} bordered title={f.picked}>
        <Descriptions.Item label={adminCopy.users.columns.name}>
          {user.name}（ID {user.id}）
        </Descriptions.Item>
        <Descriptions.Item label={adminCopy.users.columns.contact}>{contact(user)}</Descriptions.Item>
        <Descriptions.Item label={adminCopy.users.columns.role}>{roleLine(user)}</Descriptions.Item>
        <Descriptions.Item label={adminCopy.users.columns.state}>
          {user.is_freeze ? (
            <Tag color="red">{adminCopy.users.frozen}</Tag>
          ) : (
            <Tag color="green">{adminCopy.users.active}</Tag>
          )}
        </Descriptions.Item>
      </Descriptions>
      {wrongState ? (
        <Alert type="info" showIcon title={mode === 'freeze' ? f.alreadyFrozen : f.notFrozen} />
      ) : mode === 'freeze' ? (
        <>
          <ReasonInput value={reason} onChange={setReason} />
          <Button
            danger
            type="primary"
            disabled={!reason.trim()}
            onClick={() => run(user, true, reason.trim(), onDone)}
          >
            {f.freezeButton}
          </Button>
        </>
      ) : (
        <Button type="primary" onClick={() => run(user, false, '', onDone)}>
          {f.unfreezeButton}
        </Button>
      )}
      <Button onClick={onBack}>{f.another}</Button>
      {dialog}
    </Space>
  );
}

function FreezeConsole({ mode, selfId }: { mode: Mode; selfId: number }) {
  const [picked, setPicked] = useState<AdminUser | null>(null);
  const [done, setDone] = useState<FreezeResult | null>(null);
  const reset = () => {
    setPicked(null);
    setDone(null);
  };
  return (
    <div className="gam-page gam-freeze">
      <PageIntro
        title={mode === 'freeze' ? f.freezeTitle : f.unfreezeTitle}
        intro={mode === 'freeze' ? f.freezeIntro : f.unfreezeIntro}
      />
      <Card>
        {done ? (
          <Result
            status="success"
            title={done.is_freeze ? f.frozen : f.unfrozen}
            subTitle={done.is_freeze ? f.resultFrozen(done.name, done.id) : f.resultUnfrozen(done.name, done.id)}
            extra={<Button onClick={reset}>{f.another}</Button>}
          />
        ) : picked ? (
          <Picked user={picked} mode={mode} onBack={reset} onDone={setDone} />
        ) : (
          <FindUser mode={mode} selfId={selfId} onPick={setPicked} />
        )}
      </Card>
    </div>
  );
}

function AdminOnly({ mode }: { mode: Mode }) {
  const user = useCurrentUser();
  if (!user) return <PageSkeleton rows={4} />;
  if (!user.is_admin) return <AdminForbidden />;
  return <FreezeConsole mode={mode} selfId={user.id} />;
}

/** /freeze: an admin finds a user and freezes the account with a reason; every session of theirs ends at once. */
export function FreezePage() {
  return <AdminOnly mode="freeze" />;
}

/** /unfreeze: an admin finds a frozen account and lets it log in again. */
export function UnfreezePage() {
  return <AdminOnly mode="unfreeze" />;
}
