import { useQuery } from '@tanstack/react-query';
import { Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { postsCopy } from '../../i18n/zh-CN.posts';
import { Discussion } from './discussion';
import { postQuery } from './posts-queries';

/**
 * One tab of the chat dialog. The dialog is the tabs of this list, so another helper for a question (the study
 * assistant) joins it with one more entry.
 */
export interface ChatTab {
  key: string;
  label: string;
  render: (topicId: number) => ReactNode;
}

export const chatTabs: ChatTab[] = [
  { key: 'discussion', label: postsCopy.chat.tabs.discussion, render: (topicId) => <Discussion topicId={topicId} /> },
];

/** The question a thread is about, as its subject names it (its kind and the start of its stem). */
export function ThreadSubject({ topicId }: { topicId: number }) {
  // The discussion's first page: the same read the panel makes, so this costs no call of its own.
  const { data } = useQuery(postQuery(topicId));
  if (!data) return null;
  return (
    <div className="gpo-subject">
      <Typography.Text type="secondary">{data.subject.title}</Typography.Text>
      <Typography.Paragraph className="gpo-subject-detail" lang="en">
        {data.subject.detail}
      </Typography.Paragraph>
    </div>
  );
}

/** Spec §2 chat dialog for one question: its subject above the tabs (讨论, and whatever joins `chatTabs`). */
export function ChatDialogBody({ topicId, tabs = chatTabs }: { topicId: number; tabs?: ChatTab[] }) {
  return (
    <>
      <ThreadSubject topicId={topicId} />
      <Tabs items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: tab.render(topicId) }))} />
    </>
  );
}
