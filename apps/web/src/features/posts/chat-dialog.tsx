import { useQuery } from '@tanstack/react-query';
import { Skeleton, Tabs, Typography } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { postsCopy } from '../../i18n/zh-CN.posts';
import { Discussion } from './discussion';
import { postQuery } from './posts-queries';

// The study assistant's panel (issue 18), named by its file like a lazy page (decision 019): loaded on the tab's open.
const AssistantPanel = lazy(() => import('../assistant/assistant-panel'));

/** The question a chat dialog is about: its thread, and its id for the assistant (null if the opener had none). */
export interface ChatSubject {
  topicId: number;
  questionId: string | null;
}

/**
 * One tab of the chat dialog. The dialog is the tabs of this list, so another helper for a question joins it with
 * one more entry; `shows` leaves a tab out for a subject it cannot serve.
 */
export interface ChatTab {
  key: string;
  label: string;
  render: (subject: ChatSubject) => ReactNode;
  shows?: (subject: ChatSubject) => boolean;
}

export const chatTabs: ChatTab[] = [
  {
    key: 'discussion',
    label: postsCopy.chat.tabs.discussion,
    render: ({ topicId }) => <Discussion topicId={topicId} />,
  },
  {
    key: 'assistant',
    label: postsCopy.chat.tabs.assistant,
    shows: ({ questionId }) => questionId !== null,
    render: ({ questionId }) => (
      <Suspense fallback={<Skeleton active />}>
        <AssistantPanel questionId={questionId} />
      </Suspense>
    ),
  },
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

/** Spec §2 chat dialog for one question: its subject above the tabs (讨论, 助教, and whatever joins `chatTabs`). */
export function ChatDialogBody({
  topicId,
  questionId = null,
  tabs = chatTabs,
}: {
  topicId: number;
  questionId?: string | null;
  tabs?: ChatTab[];
}) {
  const subject = { topicId, questionId };
  return (
    <>
      <ThreadSubject topicId={topicId} />
      <Tabs
        items={tabs
          .filter((tab) => tab.shows?.(subject) ?? true)
          .map((tab) => ({ key: tab.key, label: tab.label, children: tab.render(subject) }))}
      />
    </>
  );
}
