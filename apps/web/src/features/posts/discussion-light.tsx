import { CommentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState } from 'react';
import { postsCopy } from '../../i18n/zh-CN.posts';
import { theme } from '../../theme';
import { Discussion } from './discussion';
import { postQuery } from './posts-queries';

function InlineDiscussion({ topicId }: { topicId: number }) {
  const [open, setOpen] = useState(false);
  const { data } = useQuery(postQuery(topicId));
  return (
    <div className="gpo-inline">
      <Button icon={<CommentOutlined />} aria-expanded={open} onClick={() => setOpen(!open)}>
        {postsCopy.entry(data?.comment_count ?? null)}
      </Button>
      {open && <Discussion topicId={topicId} />}
    </div>
  );
}

/**
 * "讨论 (n)" in the exam result's review, which renders without antd: loaded on demand with its own antd context (as
 * the craft bar is), and opening the discussion in place under the question — the review is the exam screen's own
 * dialog, which keeps Esc and Tab to itself, so a second dialog over it would not get them.
 */
export default function DiscussionLight({ topicId }: { topicId: number }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <App message={{ maxCount: 3 }}>
        <InlineDiscussion topicId={topicId} />
      </App>
    </ConfigProvider>
  );
}
