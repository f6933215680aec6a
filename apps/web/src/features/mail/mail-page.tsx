import { SettingOutlined } from '@ant-design/icons';
import { MAIL_RACES, type MailRace, type MailStatus } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Card, Empty, List, Pagination, Segmented, Skeleton, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageIntro } from '../../components/page-intro';
import { zh } from '../../i18n/zh-CN';
import { MailItem } from './mail-item';
import { inboxQuery, mailsQuery, unreadByRace, useMarkRead } from './mail-queries';
import { ReminderSettings } from './reminder-settings';
import './mail-bell.css';
import './mail.css';
import '../../components/question-list.css';

const p = zh.mail.page;
const RACE_NAMES = zh.mail.races;

type Filter = 'all' | 'unread';

/** The page's place, in the URL so going back from a mail's link returns to the same tab, filter and page. */
export function readMailParams(search: URLSearchParams): { race: MailRace; filter: Filter; page: number } {
  const race = MAIL_RACES.find((r) => r === search.get('race')) ?? 'remind';
  const filter: Filter = search.get('status') === 'unread' ? 'unread' : 'all';
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(search.get('page'))) || 1));
  return { race, filter, page };
}

function writeMailParams({ race, filter, page }: { race: MailRace; filter: Filter; page: number }) {
  const out = new URLSearchParams({ race });
  if (filter === 'unread') out.set('status', 'unread');
  if (page > 1) out.set('page', String(page));
  return out;
}

function MailList({
  race,
  filter,
  page,
  onPage,
}: {
  race: MailRace;
  filter: Filter;
  page: number;
  onPage: (page: number) => void;
}) {
  const status: MailStatus | undefined = filter === 'unread' ? 'Inbox' : undefined;
  const { data, isError, isPending } = useQuery(mailsQuery(race, status, page));
  const markRead = useMarkRead();
  if (isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (isError) return <Typography.Text type="danger">{p.failed}</Typography.Text>;
  const { mails, page_control: pc } = data;
  if (mails.length === 0) return <Empty description={p.empty[filter]} />;
  return (
    <>
      <List
        className="gm-list"
        dataSource={mails}
        renderItem={(mail) => <MailItem key={mail.id} mail={mail} onRead={(m) => markRead.mutate({ ids: [m.id] })} />}
      />
      <div className="gb-pager">
        {pc.total > pc.page_size ? (
          <Pagination
            current={pc.page}
            pageSize={pc.page_size}
            total={pc.total}
            showSizeChanger={false}
            onChange={onPage}
          />
        ) : (
          <Typography.Text type="secondary">{p.total(pc.total)}</Typography.Text>
        )}
      </div>
    </>
  );
}

/** /mail 站内信: reminders, notices and replies as tabs with their unread counts, a page of mails at a time. */
export function MailPage() {
  const { message } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const { race, filter, page } = readMailParams(search);
  const { data: inbox } = useQuery(inboxQuery);
  const unread = unreadByRace(inbox);
  const markAll = useMarkRead();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const go = (next: Partial<{ race: MailRace; filter: Filter; page: number }>) =>
    setSearch(writeMailParams({ race, filter, page: 1, ...next }));

  const toolbar = (
    <div className="gm-toolbar">
      <Segmented
        aria-label={p.filterLabel}
        value={filter}
        onChange={(f) => go({ filter: f })}
        options={[
          { value: 'all' as const, label: p.filter.all },
          { value: 'unread' as const, label: p.filter.unread },
        ]}
      />
      <Button
        disabled={unread[race] === 0}
        loading={markAll.isPending}
        onClick={() =>
          markAll.mutate({ race }, { onSuccess: (answer) => void message.success(p.markedAllRead(answer.updated)) })
        }
      >
        {p.markAllRead}
      </Button>
    </div>
  );

  return (
    <div className="gm-page">
      <PageIntro
        title={p.title}
        intro={p.intro}
        extra={
          <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
            {p.settings}
          </Button>
        }
      />
      <Card>
        <Tabs
          aria-label={p.tabsLabel}
          activeKey={race}
          onChange={(key) => go({ race: key as MailRace, filter })}
          items={MAIL_RACES.map((r) => ({
            key: r,
            label: (
              <span className="gm-tab">
                {RACE_NAMES[r]}
                <Badge count={unread[r]} size="small" overflowCount={99} aria-hidden />
                {unread[r] > 0 && <span className="gm-sr">{zh.mail.badge.unread(unread[r])}</span>}
              </span>
            ),
          }))}
        />
        {toolbar}
        <MailList race={race} filter={filter} page={page} onPage={(next) => go({ page: next })} />
      </Card>
      <ReminderSettings open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
